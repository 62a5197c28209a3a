'use client';
import { useTranslations } from 'next-intl';
import { useErrorMessage } from '@/components/forms/errors';
import type { OutboxEntry } from '@/lib/tablet/outbox';

/** A wrong response code: the field the server names for TFA evidence (contract §8). */
export const isWrongCode = (entry: OutboxEntry) => (entry.errors ?? []).some((error) => error.field === 'evidence.responseCode');

/** What was refused, why, and what to do: the same words on the full-screen refusal, the list and beside the document. */
export function useRefusalText() {
  const t = useTranslations('offline');
  const kinds = useTranslations('tablet.outbox.kind');
  const outbox = useTranslations('tablet.outbox');
  const messageFor = useErrorMessage();
  return {
    title: (entry: OutboxEntry) =>
      entry.serviceNumber ? t('refusedOn', { kind: kinds(entry.kind), serviceNumber: entry.serviceNumber }) : t('refused', { kind: kinds(entry.kind) }),
    why: (entry: OutboxEntry) => (isWrongCode(entry) ? outbox('wrongResponseCode') : (entry.errors ?? []).map((error) => messageFor(error)).join(' ')),
    next: (entry: OutboxEntry) =>
      isWrongCode(entry) ? t('nextCode') : entry.kind === 'approveOwn' || entry.kind === 'recordCounterParty' ? t('nextApproval') : t('nextOther'),
  };
}
