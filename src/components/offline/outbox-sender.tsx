'use client';
import { useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useCallback, useEffect, useRef } from 'react';
import { errorsFromCall } from '@/components/forms/errors';
import { drain, isOpen, prune, type OutboxEntry, type SendFailure } from '@/lib/tablet/outbox';
import { useTRPC, useTRPCClient } from '@/lib/trpc/client';
import { useDevice } from './device-provider';

/**
 * A network failure, a timeout, 429 or a server error may pass: retry. 401 (no session, or the session of another
 * account than the entry's): wait for that account's sign-in. The rest is a refusal.
 */
export function classifySendError(error: unknown): SendFailure {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
    if (status === 401) return { signIn: true };
    if (status === undefined || status >= 500 || status === 429) return { retry: true };
    return { retry: false, errors: errorsFromCall(error) };
  }
  return { retry: true };
}

/**
 * Sends the signed-in account's outbox from whichever screen of the app is open (issues 21, 31): at once, when the
 * browser is online again, when an entry is added, and every 4 s while something waits. Each request carries the
 * entry's account (`outboxAccountId`): the server refuses it under any other account's session (401), so an item is
 * never recorded under someone else's name, whatever this device believes. One tab at a time (a Web Lock).
 */
export function OutboxSender() {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const device = useDevice();
  const { accountId, outboxStore, setNeedsSignIn, endSession, pokeEvent } = device;
  const waiting = device.entries.some(isOpen);
  const draining = useRef(false);

  const send = useCallback(
    (entry: OutboxEntry, sending: { secondsSinceCreation: number }) => {
      const stamp = { freightDocumentId: entry.freightDocumentId, idempotencyKey: entry.key, outboxAccountId: entry.accountId };
      const dated = { secondsSinceCreation: sending.secondsSinceCreation };
      switch (entry.kind) {
        case 'approveOwn':
          return client.tablet.approveOwn.mutate({ ...stamp, body: { ...entry.body, ...dated } });
        case 'recordCounterParty':
          return client.tablet.recordCounterParty.mutate({ ...stamp, body: { ...entry.body, ...dated } });
        case 'comment':
          return client.tablet.comment.mutate({ ...stamp, body: { ...entry.body, ...dated } });
        case 'licensePlates':
          return client.tablet.licensePlates.mutate({ ...stamp, body: entry.body });
        case 'impediment':
          return client.legalEvents.reportImpediment.mutate({ ...stamp, body: entry.body });
        case 'cashOnDelivery':
          return client.legalEvents.recordCashOnDelivery.mutate({ ...stamp, body: entry.body });
        case 'withdrawReservation':
          return client.legalEvents.withdrawReservation.mutate({ ...stamp, body: entry.body });
      }
    },
    [client],
  );

  const flush = useCallback(async () => {
    if (draining.current || !accountId) return;
    draining.current = true;
    const run = async () => {
      await prune(outboxStore);
      const result = await drain(outboxStore, accountId, send, classifySendError);
      setNeedsSignIn(result.signIn);
      // The first 401 for this account ends what the device keeps for it (issue 32 item 4); its writes stay queued.
      if (result.signIn) await endSession();
      if (result.sent.length > 0 || result.refused.length > 0) await queryClient.invalidateQueries({ queryKey: trpc.tablet.pathKey() });
    };
    try {
      if (navigator.locks) await navigator.locks.request('fds-outbox', { ifAvailable: true }, (lock) => (lock ? run() : undefined));
      else await run();
    } catch {
      // IndexedDB refused a write: the entries stay as they were and the next round tries again.
    } finally {
      draining.current = false;
    }
  }, [accountId, outboxStore, send, setNeedsSignIn, endSession, queryClient, trpc]);

  useEffect(() => {
    void flush();
    const now = () => void flush();
    window.addEventListener('online', now);
    pokeEvent.addEventListener('poke', now);
    return () => {
      window.removeEventListener('online', now);
      pokeEvent.removeEventListener('poke', now);
    };
  }, [flush, pokeEvent]);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void flush(), 4000);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);

  return null;
}
