'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { outbox, outboxStore } from '@/components/offline/outbox-store';
import { copyKeys, isUnreachable, pruneCopies, throughCopy } from '@/lib/offline/copy';
import { keepKit, readKit, responseFromKit } from '@/lib/offline/respond-kit';
import { discard, type OutboxKind } from '@/lib/tablet/outbox';
import { useTRPC, useTRPCClient } from '@/lib/trpc/client';

/**
 * The one data module of the tablet's screens (issues 9 and 21): they read and write only through these hooks.
 * Reads go to the server and keep a local copy in IndexedDB that stands in when the network is gone
 * (lib/offline/copy.ts); writes go into the device's outbox (components/offline/outbox-store.ts), which
 * OutboxSender sends from any screen of the app.
 */

/** Offline a read must still run (to reach the copy); it is not retried against a server out of reach. */
const OFFLINE_READ = { networkMode: 'always' as const, retry: (count: number, error: unknown) => count < 1 && !isUnreachable(error) };

/** The outbox: its entries (for "waiting to send / sent") and `submit`, which queues a write. */
export function useOutbox(freightDocumentId?: string) {
  const entries = useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.serverSnapshot);
  const submit = useCallback(
    (kind: OutboxKind, body: Record<string, unknown>) => {
      if (!freightDocumentId) throw new Error('submit needs a document');
      return outbox.submit({ kind, freightDocumentId, body });
    },
    [freightDocumentId],
  );
  return {
    entries: freightDocumentId ? entries.filter((entry) => entry.freightDocumentId === freightDocumentId) : entries,
    submit,
    dismiss: (key: string) => void discard(outboxStore, key),
    retryNow: outbox.poke,
  };
}

function useHandOverOptions() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useCallback(
    (freightDocumentId: string) => ({
      queryKey: trpc.tablet.handOver.queryKey({ freightDocumentId }),
      queryFn: throughCopy(copyKeys.handOver(freightDocumentId), () => client.tablet.handOver.query({ freightDocumentId })),
      ...OFFLINE_READ,
    }),
    [trpc, client],
  );
}

/** "My transfers"; while online, the hand-overs it lists are copied too, so each opens offline later. */
export function useMyTransfers() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const handOver = useHandOverOptions();
  return useQuery({
    queryKey: trpc.tablet.myTransfers.queryKey(),
    queryFn: throughCopy(
      copyKeys.myTransfers,
      () => client.tablet.myTransfers.query(),
      (data) => {
        const ids = [...new Set(data.transfers.map((item) => item.freightDocumentId))];
        for (const id of ids) void queryClient.prefetchQuery({ ...handOver(id), staleTime: 5 * 60_000 });
        void pruneCopies(new Set([copyKeys.myTransfers, ...ids.map(copyKeys.handOver)]));
      },
    ),
    refetchInterval: 30_000,
    ...OFFLINE_READ,
  });
}

/** The hand-over screen's document; `pollMs` while the counter party answers on its own phone (hand-over link). */
export function useHandOver(freightDocumentId: string, pollMs?: number) {
  const handOver = useHandOverOptions();
  return useQuery({ ...handOver(freightDocumentId), ...(pollMs ? { refetchInterval: pollMs, refetchIntervalInBackground: true } : {}) });
}

/** A one-time hand-over link for the counter party's phone (contract §7): asked online, when the driver shows the QR. */
export function useHandoverLink() {
  const trpc = useTRPC();
  return useMutation(trpc.tablet.handoverLink.mutationOptions());
}

export function useAttachmentImage(freightDocumentId: string, attachmentId: string | undefined) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { freightDocumentId, attachmentId: attachmentId ?? '' };
  return useQuery({
    queryKey: trpc.tablet.attachmentImage.queryKey(input),
    queryFn: throughCopy(copyKeys.attachment(freightDocumentId, input.attachmentId), () => client.tablet.attachmentImage.query(input)),
    enabled: Boolean(attachmentId),
    staleTime: Infinity,
    networkMode: 'always',
    retry: false,
  });
}

/**
 * The counter party's phone page: asks the server for the response code to a challenge (a read, sent when asked);
 * with the server out of reach, computes it on the phone from the kit it keeps (issue 21).
 */
export function useResponseCode() {
  const client = useTRPCClient();
  return useCallback(
    async (challenge: string) => {
      try {
        return await client.tablet.responseCode.query({ challenge });
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        const kit = await readKit();
        const answer = kit ? responseFromKit(kit, challenge) : undefined;
        if (!answer) throw error;
        // The kit keeps secrets, not the reservations on record: offline the page cannot list them (issue 22).
        return { ...answer, reservations: [] };
      }
    },
    [client],
  );
}

/**
 * Issue 21: while online, the phone page fetches and keeps (encrypted) what it needs to give codes offline. The
 * answer held in memory says only whether and since when; the secret stays in IndexedDB.
 */
export function useOfflineCodes() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useQuery({
    queryKey: [...trpc.tablet.offlineCodeKit.queryKey(), 'kept'],
    queryFn: async () => {
      try {
        const kit = await client.tablet.offlineCodeKit.query();
        return { kept: await keepKit(kit), issuedAt: kit.issuedAt };
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        const kit = await readKit();
        return { kept: Boolean(kit), issuedAt: kit?.issuedAt };
      }
    },
    refetchInterval: 5 * 60_000,
    ...OFFLINE_READ,
  });
}
