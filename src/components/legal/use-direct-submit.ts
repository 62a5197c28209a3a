'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { newIdempotencyKey, type OutboxEntry, type OutboxRequest, type Submit } from '@/lib/tablet/outbox';
import { useTRPC, useTRPCClient } from '@/lib/trpc/client';

/**
 * The tablet's `Submit` for the portal (issue 34 item 2): the carrier's office is online, so a write goes straight to its
 * procedure instead of the device's outbox, and its state is kept in the same entry shape, so the tablet's panels
 * (reservations, impediment, cash on delivery) run unchanged in the portal. A refusal is kept for the page to show.
 */
export function useDirectSubmit(document: FreightDocumentResponse): { entries: OutboxEntry[]; submit: Submit; refusals: FieldError[] } {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [refusals, setRefusals] = useState<FieldError[]>([]);
  const freightDocumentId = document.freightDocumentId;

  const send = (write: OutboxRequest, idempotencyKey: string): Promise<unknown> => {
    switch (write.kind) {
      case 'comment':
        return client.tablet.comment.mutate({ freightDocumentId, idempotencyKey, body: write.body });
      case 'impediment':
        return client.legalEvents.reportImpediment.mutate({ freightDocumentId, body: write.body });
      case 'cashOnDelivery':
        return client.legalEvents.recordCashOnDelivery.mutate({ freightDocumentId, body: write.body });
      default:
        // The portal's carrier panels send only these; the hand-over's approvals stay on the tablet.
        return Promise.reject(new Error(`not a portal write: ${write.kind}`));
    }
  };

  const submit: Submit = (kind, body) => {
    const key = newIdempotencyKey();
    const write = { kind, body, freightDocumentId, serviceNumber: document.serviceNumber } as OutboxRequest;
    const entry = { ...write, key, accountId: '', createdAt: new Date().toISOString(), position: Date.now(), state: 'sending', attempts: 1 } as OutboxEntry;
    const settle = (state: OutboxEntry['state'], errors?: FieldError[]) =>
      setEntries((current) =>
        current.map((candidate) => (candidate.key === key ? ({ ...candidate, state, ...(errors ? { errors } : {}) } as OutboxEntry) : candidate)),
      );
    setEntries((current) => [...current, entry]);
    setRefusals([]);
    send(write, key).then(
      async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.documents.get.queryKey({ freightDocumentId }) });
        await queryClient.invalidateQueries({ queryKey: trpc.tablet.handOver.queryKey({ freightDocumentId }) });
        settle('sent');
      },
      (error: unknown) => {
        const errors = errorsFromCall(error);
        setRefusals(errors);
        settle('failed', errors);
      },
    );
    return key;
  };
  return { entries, submit, refusals };
}
