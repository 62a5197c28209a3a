'use client';
import { liveQuery } from 'dexie';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createCopyAges, type CopyContext } from '@/lib/offline/copy';
import { openDeviceStore, type DeviceStore, type SessionRecord } from '@/lib/offline/device-store';
import { isOpen, memoryStore, partitionByAccount, planEntry, type OutboxEntry, type OutboxRequest, type OutboxStore } from '@/lib/tablet/outbox';

/**
 * The device's data as the tablet's screens see it (issues 21, 31, 32): which account the device works for, that
 * account's queued writes (others' only as a count), its copies and its kit. The one place that opens the storage
 * module (lib/offline/device-store.ts); screens use the hooks below and tablet-data.ts, never Dexie.
 *
 * Which account: the newest page render the device has seen. The page says who it was rendered for and when (server
 * time); a page the service worker kept from before a sign-out, or from another account, is older than what the
 * device saw since, so it cannot bring back a signed-out account's data.
 */
export interface DeviceState {
  store: DeviceStore | undefined;
  /** Where the outbox is kept: IndexedDB, or memory for as long as the tab where the browser refuses IndexedDB. */
  outboxStore: OutboxStore;
  /** The account the device works for; null when signed out here (or the session ended); undefined while loading. */
  accountId: string | null | undefined;
  /** The server rendered this page without a session: the page itself sends the visit to sign-in, and shows nothing. */
  renderedSignedOut: boolean;
  /** This account's entries (waiting, sending, sent a while ago, refused), in order, including ones not yet written. */
  entries: OutboxEntry[];
  /** Open entries of other accounts on this device: a count, never their content. */
  othersWaiting: number;
  submit(write: OutboxRequest): string;
  dismiss(key: string): void;
  acknowledge(key: string): void;
  retryNow(): void;
  needsSignIn: boolean;
  setNeedsSignIn(value: boolean): void;
  /** After a 401 ended the session here: how many changes of that account wait for its sign-in. */
  waitingForSignIn: number;
  copies: CopyContext | undefined;
  /** Ends the device's session: copies and kits go, queued writes stay with their account. */
  endSession(): Promise<void>;
  /** Wakes the sender (a new entry, "try again"). */
  pokeEvent: EventTarget;
}

const DeviceContext = createContext<DeviceState | undefined>(undefined);

/** The page's own render: who and when (server time), from the tablet layout. */
export function DeviceProvider({ accountId, renderedAt, children }: { accountId: string | null; renderedAt: number; children: ReactNode }) {
  const [store] = useState(() => openDeviceStore());
  const [adopted, setSession] = useState<SessionRecord | undefined>();
  // Without IndexedDB there is nothing kept to protect: the page's own account is the device's.
  const session = useMemo<SessionRecord | undefined>(
    () => (store ? adopted : { name: 'session', accountId, renderedAt }),
    [store, adopted, accountId, renderedAt],
  );
  const [stored, setStored] = useState<OutboxEntry[]>([]);
  const [unsaved, setUnsaved] = useState<OutboxEntry[]>([]);
  const [memory, setMemory] = useState<OutboxEntry[]>([]);
  const [outboxStore] = useState<OutboxStore>(() => {
    if (store) return store.outbox;
    const fallback = memoryStore();
    return {
      list: fallback.list,
      put: async (entry) => (await fallback.put(entry), setMemory(fallback.entries())),
      remove: async (key) => (await fallback.remove(key), setMemory(fallback.entries())),
    };
  });
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [endedAccountId, setEndedAccountId] = useState<string>();
  const [ages] = useState(createCopyAges);
  const [pokeEvent] = useState(() => new EventTarget());

  useEffect(() => {
    if (!store) return;
    let cancelled = false;
    store.adoptSession(accountId, renderedAt).then(
      (next) => !cancelled && setSession(next),
      () => !cancelled && setSession({ name: 'session', accountId, renderedAt }),
    );
    return () => {
      cancelled = true;
    };
  }, [store, accountId, renderedAt]);

  useEffect(() => {
    if (!store) return;
    // liveQuery also hears the other tabs of the app.
    const subscription = liveQuery(() => store.listOutbox()).subscribe({ next: setStored, error: () => undefined });
    return () => subscription.unsubscribe();
  }, [store]);

  const effective = session?.accountId;
  const all = useMemo(() => {
    const kept = store ? stored : memory;
    const keys = new Set(kept.map((entry) => entry.key));
    return [...kept, ...unsaved.filter((entry) => !keys.has(entry.key))].sort((a, b) => a.position - b.position);
  }, [store, stored, memory, unsaved]);
  // After a 401 the signed-out driver's own changes are not "another account's".
  const { mine, othersWaiting } = useMemo(() => partitionByAccount(all, effective ?? endedAccountId ?? null), [all, effective, endedAccountId]);

  const poke = useCallback(() => pokeEvent.dispatchEvent(new Event('poke')), [pokeEvent]);
  const submit = useCallback(
    (write: OutboxRequest) => {
      if (!effective) throw new Error('no account signed in on this device');
      const { entry, added } = planEntry(all, effective, write);
      if (added) {
        setUnsaved((current) => [...current, entry]);
        void outboxStore.put(entry).then(
          () => {
            setUnsaved((current) => current.filter((candidate) => candidate.key !== entry.key));
            poke();
          },
          () => undefined,
        );
      }
      return entry.key;
    },
    [all, effective, outboxStore, poke],
  );

  const endSession = useCallback(async () => {
    if (session?.accountId) setEndedAccountId(session.accountId);
    await store?.endSession(renderedAt);
    setSession({ name: 'session', accountId: null, renderedAt: Math.max(renderedAt, session?.renderedAt ?? 0) });
  }, [store, renderedAt, session]);

  const copies = useMemo<CopyContext | undefined>(
    () => (effective ? { store, accountId: effective, ages, onUnauthorized: endSession } : undefined),
    [store, effective, ages, endSession],
  );

  const value = useMemo<DeviceState>(
    () => ({
      store,
      outboxStore,
      accountId: session ? (session.accountId ?? null) : undefined,
      renderedSignedOut: accountId === null,
      entries: mine,
      othersWaiting,
      submit,
      dismiss: (key) => void outboxStore.remove(key),
      acknowledge: (key) => {
        const entry = all.find((candidate) => candidate.key === key);
        if (entry) void outboxStore.put({ ...entry, acknowledgedAt: new Date().toISOString() });
      },
      retryNow: poke,
      needsSignIn: needsSignIn || (session?.accountId === null && endedAccountId !== undefined),
      setNeedsSignIn,
      waitingForSignIn: all.filter((entry) => isOpen(entry) && entry.accountId === (session?.accountId ?? endedAccountId)).length,
      copies,
      endSession,
      pokeEvent,
    }),
    [store, outboxStore, session, accountId, all, mine, othersWaiting, submit, poke, needsSignIn, endedAccountId, copies, endSession, pokeEvent],
  );
  return <DeviceContext.Provider value={value}>{children}</DeviceContext.Provider>;
}

/** The device's state on the tablet's pages; undefined elsewhere (the portal shows some tablet components, the timeline). */
export function useDeviceIfAny(): DeviceState | undefined {
  return useContext(DeviceContext);
}

export function useDevice(): DeviceState {
  const device = useContext(DeviceContext);
  if (!device) throw new Error('useDevice needs the DeviceProvider of the tablet layout');
  return device;
}

/** The signed-in account's open entries: what the header badge and the sign-out count. */
export const waitingCount = (entries: readonly OutboxEntry[]) => entries.filter(isOpen).length;
