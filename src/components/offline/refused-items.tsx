'use client';
import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { useErrorMessage } from '@/components/forms/errors';
import { discard } from '@/lib/tablet/outbox';
import { outbox, outboxStore } from './outbox-store';

/**
 * The items of a document that the server refused, with the reason, beside that document on "My transfers"; kept
 * until the driver dismisses them (the hand-over screen shows them in its outbox list).
 */
export function RefusedItems({ freightDocumentId }: { freightDocumentId: string }) {
  const t = useTranslations('offline');
  const kinds = useTranslations('tablet.outbox.kind');
  const outboxText = useTranslations('tablet.outbox');
  const messageFor = useErrorMessage();
  const entries = useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.serverSnapshot);
  const refused = entries.filter((entry) => entry.freightDocumentId === freightDocumentId && entry.state === 'failed');
  if (refused.length === 0) return null;
  return (
    <div role="status" data-testid="refused-items">
      <ul className="refused-items">
        {refused.map((entry) => (
          <li key={entry.key} className="outbox-entry outbox-failed">
            <strong>{t('refused', { kind: kinds(entry.kind) })}</strong>{' '}
            <span className="outbox-error">
              {(entry.errors ?? []).map((error) => (error.field === 'evidence.responseCode' ? outboxText('wrongResponseCode') : messageFor(error))).join(' ')}
            </span>
            <button type="button" className="button button-secondary button-small" onClick={() => void discard(outboxStore, entry.key)}>
              {t('dismiss')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
