'use client';
import { useTranslations } from 'next-intl';
import { useDevice } from './device-provider';
import { useRefusalText } from './refusal-text';

/**
 * The signed-in account's items the server refused ("not sent"), with the reason: beside their document on "My
 * transfers", or all of them at the top of the list; kept until the driver dismisses them.
 */
export function RefusedItems({ freightDocumentId, testId = 'refused-items' }: { freightDocumentId?: string; testId?: string }) {
  const t = useTranslations('offline');
  const { entries, dismiss } = useDevice();
  const reason = useRefusalText();
  const refused = entries.filter((entry) => entry.state === 'failed' && (!freightDocumentId || entry.freightDocumentId === freightDocumentId));
  if (refused.length === 0) return null;
  return (
    <div role="status" data-testid={testId}>
      {freightDocumentId ? null : <h2 className="refused-title">{t('notSentTitle', { count: refused.length })}</h2>}
      <ul className="refused-items">
        {refused.map((entry) => (
          <li key={entry.key} className="outbox-entry outbox-failed">
            <strong>{reason.title(entry)}</strong> <span className="outbox-error">{reason.why(entry)}</span>
            <button type="button" className="button button-secondary button-small" onClick={() => dismiss(entry.key)}>
              {t('dismiss')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
