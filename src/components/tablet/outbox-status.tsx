'use client';
import { useTranslations } from 'next-intl';
import { useErrorMessage } from '@/components/forms/errors';
import type { OutboxEntry } from '@/lib/tablet/outbox';

/**
 * What happened to the driver's writes on this document: waiting for the network, sending, sent, or refused with
 * the reason. A live region, so a screen reader hears the change too.
 */
export function OutboxStatus({ entries, onDismiss, onRetry }: { entries: OutboxEntry[]; onDismiss: (key: string) => void; onRetry: () => void }) {
  const t = useTranslations('tablet.outbox');
  const messageFor = useErrorMessage();
  // Everything not yet sent, and the last few that were (the outbox forgets sent entries after a while).
  const sent = entries.filter((entry) => entry.state === 'sent').slice(-3);
  const shown = entries.filter((entry) => entry.state !== 'sent' || sent.includes(entry));
  return (
    <div className="outbox" role="status" aria-live="polite" data-testid="outbox">
      {shown.length === 0 ? null : (
        <ul className="outbox-list">
          {shown.map((entry) => (
            <li key={entry.key} className={`outbox-entry outbox-${entry.state}`} data-state={entry.state}>
              <strong>{t(`kind.${entry.kind}`)}</strong> <span>{t(`state.${entry.state}`)}</span>
              {entry.state === 'waiting' && entry.attempts > 0 ? (
                <button type="button" className="button button-secondary button-small" onClick={onRetry}>
                  {t('retryNow')}
                </button>
              ) : null}
              {entry.state === 'failed' ? (
                <>
                  <span className="outbox-error">
                    {(entry.errors ?? []).map((error) => (error.field === 'evidence.responseCode' ? t('wrongResponseCode') : messageFor(error))).join(' ')}
                  </span>
                  <button type="button" className="button button-secondary button-small" onClick={() => onDismiss(entry.key)}>
                    {t('dismiss')}
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The state of one submitted write, for the panel that made it. */
export function entryState(entries: OutboxEntry[], key: string | undefined): OutboxEntry['state'] | undefined {
  return key ? entries.find((entry) => entry.key === key)?.state : undefined;
}
