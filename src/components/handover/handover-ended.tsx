import { useTranslations } from 'next-intl';

/** A used, expired (HTTP 410) or unknown (404) hand-over link: says so, and shows nothing of any document. */
export function HandoverEnded({ state }: { state: 'GONE' | 'UNKNOWN' }) {
  const t = useTranslations('handover');
  return (
    <div className="narrow" data-testid={state === 'GONE' ? 'handover-gone' : 'handover-unknown'}>
      <p className="error-code" aria-hidden="true">
        {state === 'GONE' ? 410 : 404}
      </p>
      <h1>{state === 'GONE' ? t('goneTitle') : t('unknownTitle')}</h1>
      <p>{state === 'GONE' ? t('goneText') : t('unknownText')}</p>
    </div>
  );
}
