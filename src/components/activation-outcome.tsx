import Link from 'next/link';
import { useTranslations } from 'next-intl';

/** The activation error codes (contract §3) that have their own explanation; 4.39 is good news. */
const KNOWN = { '4.35': '4_35', '4.37': '4_37', '4.38': '4_38', '4.39': '4_39' } as const;
type KnownCode = keyof typeof KNOWN;
const isKnown = (code: string): code is KnownCode => Object.prototype.hasOwnProperty.call(KNOWN, code);

/** What each activation outcome means for the person who clicked the link. */
export function ActivationOutcome({ code }: { code?: string }) {
  const t = useTranslations('activation');
  const known = code && isKnown(code) ? KNOWN[code] : undefined;
  const outcome = known
    ? { title: t(`outcomes.${known}.title`), text: t(`outcomes.${known}.text`), tone: known === '4_39' ? 'success' : 'error' }
    : { title: code ? t('failedTitle') : t('title'), text: t('text'), tone: code ? 'error' : 'success' };
  return (
    <>
      <h1>{outcome.title}</h1>
      <div className={outcome.tone === 'error' ? 'error-summary' : 'banner banner-info'} role={outcome.tone === 'error' ? 'alert' : 'status'}>
        <p>{outcome.text}</p>
        {known && code ? <p className="hint">{t('errorCode', { code })}</p> : null}
      </div>
      <p>
        <Link href="/login" className="button button-primary">
          {t('goToSignIn')}
        </Link>
      </p>
      <p>{t.rich('noAccount', { link: (chunks) => <Link href="/signup">{chunks}</Link> })}</p>
    </>
  );
}
