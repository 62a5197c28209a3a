'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useDevice, useDeviceIfAny } from '@/components/offline/device-provider';
import { isUnauthorized, isUnreachable, throughCopy, type CopyContext } from '@/lib/offline/copy';
import { copyKeys } from '@/lib/offline/device-store';
import { responseFromKit } from '@/lib/offline/respond-kit';
import type { OutboxRequest, Submit } from '@/lib/tablet/outbox';
import { useTRPC, useTRPCClient } from '@/lib/trpc/client';

/**
 * The one data module of the tablet's screens (issues 9, 21, 31): they read and write only through these hooks.
 * Reads go to the server and keep a local copy for the signed-in account (lib/offline/copy.ts) that stands in when
 * the network is gone; writes go into the device's outbox under that account (components/offline/device-provider.tsx),
 * which OutboxSender sends from any screen of the app.
 */

/** Offline a read must still run (to reach the copy); it is not retried against a server out of reach. */
const OFFLINE_READ = { networkMode: 'always' as const, retry: (count: number, error: unknown) => count < 1 && !isUnreachable(error) && !isUnauthorized(error) };

/** Before the device knows its account nothing is read: a copy is never read under the wrong account. */
function requireCopies(copies: CopyContext | undefined): CopyContext {
  if (!copies) throw new Error('no account on this device');
  return copies;
}

/** The signed-in account's outbox for a document (or all of it): its entries, and `submit`, which queues a write. */
export function useOutbox(freightDocumentId?: string, serviceNumber?: string) {
  const device = useDevice();
  const { submit: queue } = device;
  const submit = useCallback<Submit>(
    (kind, body) => {
      if (!freightDocumentId) throw new Error('submit needs a document');
      return queue({ kind, body, freightDocumentId, serviceNumber } as OutboxRequest);
    },
    [freightDocumentId, serviceNumber, queue],
  );
  return {
    entries: freightDocumentId ? device.entries.filter((entry) => entry.freightDocumentId === freightDocumentId) : device.entries,
    submit,
    dismiss: device.dismiss,
    acknowledge: device.acknowledge,
    retryNow: device.retryNow,
    othersWaiting: device.othersWaiting,
    needsSignIn: device.needsSignIn,
  };
}

function useHandOverOptions() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { copies } = useDevice();
  return useCallback(
    (freightDocumentId: string) => ({
      queryKey: trpc.tablet.handOver.queryKey({ freightDocumentId }),
      queryFn: () => throughCopy(requireCopies(copies), copyKeys.handOver(freightDocumentId), () => client.tablet.handOver.query({ freightDocumentId }))(),
      enabled: Boolean(copies),
      ...OFFLINE_READ,
    }),
    [trpc, client, copies],
  );
}

/** "My transfers"; while online, the hand-overs it lists are copied too, so each opens offline later. */
export function useMyTransfers() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const handOver = useHandOverOptions();
  const { copies } = useDevice();
  return useQuery({
    queryKey: trpc.tablet.myTransfers.queryKey(),
    queryFn: () =>
      throughCopy(
        requireCopies(copies),
        copyKeys.myTransfers,
        () => client.tablet.myTransfers.query(),
        (data) => {
          const ids = [...new Set(data.transfers.map((item) => item.freightDocumentId))];
          for (const id of ids) void queryClient.prefetchQuery({ ...handOver(id), staleTime: 5 * 60_000 });
          void copies?.store?.pruneCopies(copies.accountId, new Set([copyKeys.myTransfers, ...ids.map(copyKeys.handOver)])).catch(() => undefined);
        },
      )(),
    enabled: Boolean(copies),
    refetchInterval: 30_000,
    ...OFFLINE_READ,
  });
}

/** The hand-over screen's document; `pollMs` while it watches for the counter party's approval. */
export function useHandOver(freightDocumentId: string, pollMs?: number) {
  const handOver = useHandOverOptions();
  return useQuery({ ...handOver(freightDocumentId), ...(pollMs ? { refetchInterval: pollMs, refetchIntervalInBackground: true } : {}) });
}

/** How often an open hand-over screen asks whether its document changed (issue 31 item 3, decision 0037). */
export const HAND_OVER_WATCH_MS = 1000;

/**
 * Issue 31 item 3: while the hand-over screen is open, visible and online, it asks every second for the document's
 * heads (a small read) and reads the whole hand-over again when they moved, so an approval given anywhere shows
 * within 3 s without a reload. Polling, not server-sent events: decision 0037.
 */
export function useHandOverWatch(freightDocumentId: string, shown: readonly string[] | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { copies } = useDevice();
  const heads = useQuery({
    ...trpc.tablet.handOverHeads.queryOptions({ freightDocumentId }),
    enabled: Boolean(copies) && shown !== undefined,
    refetchInterval: HAND_OVER_WATCH_MS,
    staleTime: 0,
    retry: false,
  });
  const current = heads.data?.previousCommits;
  const moved = Boolean(current && shown && (current.length !== shown.length || current.some((head) => !shown.includes(head))));
  useEffect(() => {
    if (moved) void queryClient.invalidateQueries({ queryKey: trpc.tablet.handOver.queryKey({ freightDocumentId }) });
  }, [moved, current, queryClient, trpc, freightDocumentId]);
  const unauthorized = heads.isError && isUnauthorized(heads.error);
  useEffect(() => {
    if (unauthorized) void copies?.onUnauthorized();
  }, [unauthorized, copies]);
}

/** A one-time hand-over link for the counter party's phone (contract §7): asked online, when the driver shows the QR. */
export function useHandoverLink() {
  const trpc = useTRPC();
  return useMutation(trpc.tablet.handoverLink.mutationOptions());
}

export function useAttachmentImage(freightDocumentId: string, attachmentId: string | undefined) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  // The portal's document page shows the same timeline: there is no device there, and nothing is copied.
  const device = useDeviceIfAny();
  const copies = device?.copies;
  const input = { freightDocumentId, attachmentId: attachmentId ?? '' };
  const fetchImage = () => client.tablet.attachmentImage.query(input);
  return useQuery({
    queryKey: trpc.tablet.attachmentImage.queryKey(input),
    queryFn: () => (device ? throughCopy(requireCopies(copies), copyKeys.attachment(freightDocumentId, input.attachmentId), fetchImage)() : fetchImage()),
    enabled: Boolean(attachmentId) && (!device || Boolean(copies)),
    staleTime: Infinity,
    networkMode: 'always',
    retry: false,
  });
}

/**
 * The counter party's phone page: asks the server for the response code to a challenge (a read, sent when asked);
 * with the server out of reach (never after a 401), computes it on the phone from the account's kit (issue 21).
 */
export function useResponseCode() {
  const client = useTRPCClient();
  const { copies } = useDevice();
  return useCallback(
    async (challenge: string) => {
      try {
        return await client.tablet.responseCode.query({ challenge });
      } catch (error) {
        if (isUnauthorized(error)) await copies?.onUnauthorized();
        if (!isUnreachable(error) || !copies?.store) throw error;
        const kept = await copies.store.readKit(copies.accountId);
        const answer = kept ? responseFromKit(kept.kit, challenge) : undefined;
        if (!answer) throw error;
        // The kit keeps secrets, not what is handed over: offline the page cannot list it (issue 22).
        return { ...answer, reservations: [] };
      }
    },
    [client, copies],
  );
}

/**
 * Issue 21: while online, the phone page (and the tablet, for "ready to work offline") fetches and keeps, encrypted
 * and for this account only, what it needs to give codes offline. The answer held in memory says only whether and
 * since when; the secret stays in IndexedDB, readable for 12 hours.
 */
export function useOfflineCodes() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { copies } = useDevice();
  return useQuery({
    queryKey: [...trpc.tablet.offlineCodeKit.queryKey(), 'kept', copies?.accountId],
    queryFn: async () => {
      const context = requireCopies(copies);
      try {
        const kit = await client.tablet.offlineCodeKit.query();
        return { kept: (await context.store?.keepKit(context.accountId, kit)) ?? false, fetchedAt: Date.now() };
      } catch (error) {
        if (isUnauthorized(error)) {
          await context.onUnauthorized();
          throw error;
        }
        if (!isUnreachable(error)) throw error;
        const kept = await context.store?.readKit(context.accountId);
        return { kept: Boolean(kept), fetchedAt: kept?.fetchedAt };
      }
    },
    enabled: Boolean(copies),
    refetchInterval: 5 * 60_000,
    ...OFFLINE_READ,
  });
}
