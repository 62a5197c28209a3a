'use client';
import { useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { errorsFromCall } from '@/components/forms/errors';
import { drain, prune, type OutboxEntry, type SendFailure } from '@/lib/tablet/outbox';
import { useTRPC, useTRPCClient } from '@/lib/trpc/client';
import { isWaiting, outbox, outboxStore } from './outbox-store';

/** A network failure, a timeout, 429 or a server error may pass: retry. 401: sign in again. The rest is a refusal. */
function classify(error: unknown): SendFailure {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
    if (status === 401) return { signIn: true };
    if (status === undefined || status >= 500 || status === 429) return { retry: true };
    return { retry: false, errors: errorsFromCall(error) };
  }
  return { retry: true };
}

let draining = false;

/**
 * Sends the outbox from whichever screen of the app is open (issue 21): at once, when the browser is online again,
 * when an entry is added, and every 4 s while something waits. One tab at a time (a Web Lock); a repeat from another
 * tab would be answered from the server's idempotency store anyway.
 */
export function OutboxSender() {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const entries = useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.serverSnapshot);
  const waiting = entries.some(isWaiting);

  const send = useCallback(
    (entry: OutboxEntry, body: Record<string, unknown>) => {
      const input = { freightDocumentId: entry.freightDocumentId, idempotencyKey: entry.key, body: body as never };
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
    const run = async () => {
      await prune(outboxStore);
      const result = await drain(outboxStore, send, classify);
      outbox.setNeedsSignIn(result.signIn);
      if (result.sent.length > 0) await queryClient.invalidateQueries({ queryKey: trpc.tablet.pathKey() });
    };
    try {
      if (navigator.locks) await navigator.locks.request('fds-outbox', { ifAvailable: true }, (lock) => (lock ? run() : undefined));
      else await run();
    } catch {
      // IndexedDB refused a write: the entries stay as they were and the next round tries again.
    } finally {
      draining = false;
    }
  }, [send, queryClient, trpc]);

  useEffect(() => {
    void flush();
    const now = () => void flush();
    window.addEventListener('online', now);
    window.addEventListener('fds-outbox-poke', now);
    return () => {
      window.removeEventListener('online', now);
      window.removeEventListener('fds-outbox-poke', now);
    };
  }, [flush]);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void flush(), 4000);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);

  return null;
}
