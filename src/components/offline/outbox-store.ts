'use client';
import { liveQuery } from 'dexie';
import { offlineDb } from '@/lib/offline/db';
import { memoryStore, planEntry, type OutboxEntry, type OutboxStore } from '@/lib/tablet/outbox';

/**
 * The device's one outbox (issue 21) as the screens see it: a snapshot of the IndexedDB table, kept current by
 * Dexie's liveQuery (which also hears the other tabs of the tablet), plus the entries just made and not yet written,
 * so a control is disabled in the very render after the tap. Sending is OutboxSender's.
 */
const EMPTY: OutboxEntry[] = [];
const listeners = new Set<() => void>();
const fallback = memoryStore();
let stored: OutboxEntry[] = EMPTY;
const unsaved = new Map<string, OutboxEntry>();
let snapshot: OutboxEntry[] = EMPTY;
let watching = false;
let needsSignIn = false;

function emit() {
  const keys = new Set(stored.map((entry) => entry.key));
  snapshot = [...stored, ...[...unsaved.values()].filter((entry) => !keys.has(entry.key))].sort((a, b) => a.position - b.position);
  for (const listener of listeners) listener();
}

function watch() {
  if (watching) return;
  watching = true;
  const db = offlineDb();
  const read = db ? () => db.outbox.orderBy('position').toArray() : () => fallback.list();
  liveQuery(read).subscribe({
    next: (rows) => {
      stored = rows;
      for (const row of rows) unsaved.delete(row.key);
      emit();
    },
    error: () => undefined,
  });
}

/** Where entries are kept: IndexedDB, or memory where the browser refuses it (they then live as long as the tab). */
export const outboxStore: OutboxStore = {
  list: () => offlineDb()?.outbox.orderBy('position').toArray() ?? fallback.list(),
  put: async (entry) => {
    const db = offlineDb();
    if (db) await db.outbox.put(entry);
    else await fallback.put(entry);
    if (!db) {
      stored = await fallback.list();
      emit();
    }
  },
  remove: async (key) => {
    const db = offlineDb();
    if (db) await db.outbox.delete(key);
    else await fallback.remove(key);
    unsaved.delete(key);
    if (!db) stored = await fallback.list();
    emit();
  },
};

export const outbox = {
  subscribe(listener: () => void) {
    watch();
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  snapshot: () => snapshot,
  serverSnapshot: () => EMPTY,
  /** Asks the sender to send now (a new entry, a tap on "try again"). */
  poke: () => window.dispatchEvent(new Event('fds-outbox-poke')),
  /** Queues a write, or returns the entry already waiting for the same intent (a double tap). Returns its key. */
  submit(write: Pick<OutboxEntry, 'kind' | 'freightDocumentId' | 'body'>): string {
    const { entry, added } = planEntry(snapshot, write);
    if (added) {
      unsaved.set(entry.key, entry);
      emit();
      void outboxStore.put(entry).then(outbox.poke, () => undefined);
    }
    return entry.key;
  },
  needsSignIn: () => needsSignIn,
  setNeedsSignIn(value: boolean) {
    if (needsSignIn === value) return;
    needsSignIn = value;
    emit();
  },
};

export const isWaiting = (entry: OutboxEntry) => entry.state === 'waiting' || entry.state === 'sending';
