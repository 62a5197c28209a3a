import type { FieldError } from '@/lib/errors/from-zod';

/**
 * The tablet's outbox (issue 9 part 4): every write the driver makes is kept here first, with its own
 * idempotency key, and sent in order until the server has answered. A request that fails on the way (no network,
 * a timeout, a server in trouble) stays and is sent again with the same key and the same body, so the server
 * answers a repeat from the first attempt (contract §13) and nothing is approved twice; a refusal of the service
 * is final and kept with its errors so the screen can say what to fix. Pure: storage and sending are passed in,
 * so the later offline issue can swap the store (IndexedDB) without touching the screens.
 */

export const OUTBOX_KINDS = ['approveOwn', 'recordCounterParty', 'comment', 'licensePlates', 'impediment', 'cashOnDelivery'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export interface OutboxEntry {
  /** The idempotency key, also the entry's id. */
  key: string;
  kind: OutboxKind;
  freightDocumentId: string;
  /** The request body exactly as first sent: a repeat must be identical, or the server refuses the key (4.50). */
  body: Record<string, unknown>;
  createdAt: string;
  state: 'waiting' | 'sending' | 'sent' | 'failed';
  attempts: number;
  /** The service's refusal of a failed entry. */
  errors?: FieldError[];
  sentAt?: string;
}

export interface OutboxStore {
  read(): OutboxEntry[];
  write(entries: OutboxEntry[]): void;
}

/** How a failed send ends: kept to retry (network, 5xx, 429) or refused for good (the service's answer). */
export type SendFailure = { retry: true } | { retry: false; errors: FieldError[] };

/** Sent entries stay this long, so the screen can say "sent" after a reload. */
export const SENT_KEPT_MS = 10 * 60 * 1000;

export function memoryStore(initial: OutboxEntry[] = []): OutboxStore {
  let entries = initial;
  return { read: () => entries, write: (next) => void (entries = next) };
}

/** The browser's localStorage; a missing or unreadable store reads as empty (private mode, quota). */
export function localStorageStore(name = 'fds.tablet.outbox'): OutboxStore {
  return {
    read() {
      try {
        const raw = globalThis.localStorage?.getItem(name);
        const parsed: unknown = raw ? JSON.parse(raw) : [];
        return Array.isArray(parsed) ? (parsed as OutboxEntry[]) : [];
      } catch {
        return [];
      }
    },
    write(entries) {
      globalThis.localStorage?.setItem(name, JSON.stringify(entries));
    },
  };
}

/** A random idempotency key (contract §13: visible ASCII); randomUUID needs a secure context, which TLS gives. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function enqueue(store: OutboxStore, entry: Pick<OutboxEntry, 'kind' | 'freightDocumentId' | 'body'>, now = new Date()): OutboxEntry {
  const created: OutboxEntry = { ...entry, key: newIdempotencyKey(), createdAt: now.toISOString(), state: 'waiting', attempts: 0 };
  store.write([...store.read(), created]);
  return created;
}

function update(store: OutboxStore, key: string, change: Partial<OutboxEntry>) {
  store.write(store.read().map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
}

/** Removes an entry (a failed one the driver has seen, or to redo it with a changed input). */
export function discard(store: OutboxStore, key: string) {
  store.write(store.read().filter((entry) => entry.key !== key));
}

/** Forgets sent entries older than SENT_KEPT_MS. */
export function prune(store: OutboxStore, now = new Date()) {
  const kept = store.read().filter((entry) => entry.state !== 'sent' || now.getTime() - Date.parse(entry.sentAt ?? entry.createdAt) < SENT_KEPT_MS);
  if (kept.length !== store.read().length) store.write(kept);
}

/**
 * Sends the waiting entries in the order they were made (a comment before the approval it precedes). Stops at the
 * first that must be retried, so later ones never overtake it; a refused one is marked failed and the next goes on.
 * Returns whether anything is still waiting.
 */
export async function drain(
  store: OutboxStore,
  send: (entry: OutboxEntry) => Promise<unknown>,
  classify: (error: unknown) => SendFailure,
  now: () => Date = () => new Date(),
): Promise<{ waiting: boolean; sent: OutboxEntry[] }> {
  const sent: OutboxEntry[] = [];
  for (const entry of store.read().filter((candidate) => candidate.state === 'waiting' || candidate.state === 'sending')) {
    update(store, entry.key, { state: 'sending', attempts: entry.attempts + 1 });
    try {
      await send(entry);
      update(store, entry.key, { state: 'sent', sentAt: now().toISOString() });
      sent.push(entry);
    } catch (error) {
      const failure = classify(error);
      if (failure.retry) {
        update(store, entry.key, { state: 'waiting' });
        return { waiting: true, sent };
      }
      update(store, entry.key, { state: 'failed', errors: failure.errors });
    }
  }
  return { waiting: false, sent };
}
