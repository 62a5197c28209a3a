'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { errorsFromCall } from '@/components/forms/errors';
import { drain, discard, enqueue, localStorageStore, prune, type OutboxEntry, type OutboxKind, type SendFailure } from '@/lib/tablet/outbox';
import { useTRPC, useTRPCClient } from '@/lib/trpc/client';

/**
 * The one data module of the tablet's screens (issue 9 part 4): they read and write only through these hooks. Reads
 * are tRPC queries; writes go through the outbox (lib/tablet/outbox.ts), which keeps them in localStorage and
 * sends each with its idempotency key until the server has answered. The offline issue replaces what is under
 * these hooks (a local copy, IndexedDB), not the screens.
 */

const store = localStorageStore();
const listeners = new Set<() => void>();
let snapshot: OutboxEntry[] | undefined;
let draining = false;

function read(): OutboxEntry[] {
  snapshot ??= store.read();
  return snapshot;
}
function changed() {
  snapshot = undefined;
  for (const listener of listeners) listener();
}
const observed = {
  read: () => store.read(),
  write: (entries: OutboxEntry[]) => {
    store.write(entries);
    changed();
  },
};

/** A network failure, a timeout, 429 or a server error may pass: retry. The service's own refusals are final. */
function classify(error: unknown): SendFailure {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
    if (status === undefined || status >= 500 || status === 429) return { retry: true };
    return { retry: false, errors: errorsFromCall(error) };
  }
  return { retry: true };
}

const EMPTY: OutboxEntry[] = [];

/** The outbox: its entries (for "waiting for network / sent") and `submit`, which queues a write and sends it. */
export function useOutbox(freightDocumentId?: string) {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const entries = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      // Another tab of the same tablet wrote the outbox.
      window.addEventListener('storage', changed);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', changed);
      };
    },
    read,
    () => EMPTY,
  );

  const send = useCallback(
    (entry: OutboxEntry) => {
      const input = { freightDocumentId: entry.freightDocumentId, idempotencyKey: entry.key, body: entry.body as never };
      switch (entry.kind) {
        case 'approveOwn':
          return client.tablet.approveOwn.mutate(input);
        case 'recordCounterParty':
          return client.tablet.recordCounterParty.mutate(input);
        case 'comment':
          return client.tablet.comment.mutate(input);
        case 'licensePlates':
          return client.tablet.licensePlates.mutate(input);
        case 'impediment':
          return client.legalEvents.reportImpediment.mutate(input);
        case 'cashOnDelivery':
          return client.legalEvents.recordCashOnDelivery.mutate(input);
      }
    },
    [client],
  );

  const flush = useCallback(async () => {
    if (draining) return;
    draining = true;
    try {
      prune(observed);
      const { sent } = await drain(observed, send, classify);
      if (sent.length > 0) await queryClient.invalidateQueries({ queryKey: trpc.tablet.pathKey() });
    } finally {
      draining = false;
    }
  }, [send, queryClient, trpc]);

  // Retry what waits: when the browser says it is online again, and every few seconds meanwhile.
  useEffect(() => {
    void flush();
    const retry = () => void flush();
    window.addEventListener('online', retry);
    const timer = window.setInterval(() => {
      if (read().some((entry) => entry.state === 'waiting')) retry();
    }, 4000);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(timer);
    };
  }, [flush]);

  const submit = useCallback(
    (kind: OutboxKind, body: Record<string, unknown>) => {
      if (!freightDocumentId) throw new Error('submit needs a document');
      const entry = enqueue(observed, { kind, freightDocumentId, body });
      void flush();
      return entry.key;
    },
    [freightDocumentId, flush],
  );

  return {
    entries: freightDocumentId ? entries.filter((entry) => entry.freightDocumentId === freightDocumentId) : entries,
    submit,
    dismiss: (key: string) => discard(observed, key),
    retryNow: () => void flush(),
  };
}

export function useMyTransfers() {
  const trpc = useTRPC();
  return useQuery(trpc.tablet.myTransfers.queryOptions(undefined, { refetchInterval: 30_000 }));
}

/** The hand-over screen's document; `pollMs` while the counter party answers on its own phone (hand-over link). */
export function useHandOver(freightDocumentId: string, pollMs?: number) {
  const trpc = useTRPC();
  return useQuery(trpc.tablet.handOver.queryOptions({ freightDocumentId }, pollMs ? { refetchInterval: pollMs, refetchIntervalInBackground: true } : {}));
}

/** A one-time hand-over link for the counter party's phone (contract §7): asked online, when the driver shows the QR. */
export function useHandoverLink() {
  const trpc = useTRPC();
  return useMutation(trpc.tablet.handoverLink.mutationOptions());
}

export function useAttachmentImage(freightDocumentId: string, attachmentId: string | undefined) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.tablet.attachmentImage.queryOptions({ freightDocumentId, attachmentId: attachmentId ?? '' }),
    enabled: Boolean(attachmentId),
    staleTime: Infinity,
    retry: false,
  });
}

/** The counter party's phone page: asks the server for the response code to a challenge (a read, sent when asked). */
export function useResponseCode() {
  const client = useTRPCClient();
  return useCallback((challenge: string) => client.tablet.responseCode.query({ challenge }), [client]);
}
