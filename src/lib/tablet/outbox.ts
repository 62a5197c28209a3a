import type { FieldError } from '@/lib/errors/from-zod';

/**
 * The tablet's outbox (issues 9 and 21): every write the driver makes is kept on the device first (IndexedDB, see
 * lib/offline/db.ts), with its own idempotency key, the time it was made and its position, and sent in order until
 * the server has answered. A request that fails on the way (no network, a timeout, a server in trouble) stays and is
 * sent again with the same key and body, so the server answers a repeat from the first attempt (contract §13) and
 * nothing is approved twice. A refusal of the service is final and kept with its errors until the driver dismisses
 * it; it never blocks the items behind it. A missing session (401) is no refusal: everything waits for sign-in.
 * Pure: storage and sending are passed in.
 */

export const OUTBOX_KINDS = ['approveOwn', 'recordCounterParty', 'comment', 'licensePlates', 'impediment', 'cashOnDelivery'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export interface OutboxEntry {
  /** The idempotency key, also the entry's id. */
  key: string;
  kind: OutboxKind;
  freightDocumentId: string;
  /**
   * The request body as the driver made it, without `secondsSinceCreation`: that is computed at each send from
   * `createdAt` (contract §6) and left out of the server's idempotency comparison (contract §13).
   */
  body: Record<string, unknown>;
  /** When the driver made it (ISO): the change is dated then, however late it arrives. */
  createdAt: string;
  /** The order of the device's writes: sent in this order, one document's in sequence. */
  position: number;
  state: 'waiting' | 'sending' | 'sent' | 'failed';
  attempts: number;
  /** The service's refusal of a failed entry. */
  errors?: FieldError[];
  sentAt?: string;
}

export interface OutboxStore {
  list(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(key: string): Promise<void>;
}

/** How a failed send ends: kept to retry (network, 5xx, 429), waiting for sign-in (401), or refused for good. */
export type SendFailure = { retry: true } | { signIn: true } | { retry: false; errors: FieldError[] };

/** Sent entries stay this long, so the screen can say "sent" after a reload. */
export const SENT_KEPT_MS = 10 * 60 * 1000;
/** Contract §6: `secondsSinceCreation` is at most 30 days. */
export const MAX_SECONDS_SINCE_CREATION = 2_592_000;

export function memoryStore(initial: OutboxEntry[] = []): OutboxStore & { entries(): OutboxEntry[] } {
  const entries = new Map(initial.map((entry) => [entry.key, entry]));
  const sorted = () => [...entries.values()].sort((a, b) => a.position - b.position);
  return {
    list: async () => sorted(),
    put: async (entry) => void entries.set(entry.key, entry),
    remove: async (key) => void entries.delete(key),
    entries: sorted,
  };
}

/** A random idempotency key (contract §13: visible ASCII); randomUUID needs a secure context, which TLS gives. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const isOpen = (entry: OutboxEntry) => entry.state === 'waiting' || entry.state === 'sending';

/**
 * The entry for a new write, or the one already waiting for the same intent (same kind, document and body): a double
 * tap, or a tap again after a reload, keeps one entry (issue 19 item 2). Synchronous, so a screen disables its control
 * in the same render. `after` is the last position in use.
 */
export function planEntry(
  existing: readonly OutboxEntry[],
  write: Pick<OutboxEntry, 'kind' | 'freightDocumentId' | 'body'>,
  now = new Date(),
): { entry: OutboxEntry; added: boolean } {
  const body = JSON.stringify(write.body);
  const same = existing.find(
    (entry) => isOpen(entry) && entry.kind === write.kind && entry.freightDocumentId === write.freightDocumentId && JSON.stringify(entry.body) === body,
  );
  if (same) return { entry: same, added: false };
  const last = existing.reduce((max, entry) => Math.max(max, entry.position), 0);
  const entry: OutboxEntry = {
    ...write,
    key: newIdempotencyKey(),
    createdAt: now.toISOString(),
    position: Math.max(now.getTime(), last + 1),
    state: 'waiting',
    attempts: 0,
  };
  return { entry, added: true };
}

export async function enqueue(store: OutboxStore, write: Pick<OutboxEntry, 'kind' | 'freightDocumentId' | 'body'>, now = new Date()): Promise<OutboxEntry> {
  const { entry, added } = planEntry(await store.list(), write, now);
  if (added) await store.put(entry);
  return entry;
}

/** What is sent: the body with `secondsSinceCreation` as of this attempt (contract §6). */
export function bodyToSend(entry: OutboxEntry, now = new Date()): Record<string, unknown> {
  const seconds = Math.floor((now.getTime() - Date.parse(entry.createdAt)) / 1000);
  return { ...entry.body, secondsSinceCreation: Math.min(MAX_SECONDS_SINCE_CREATION, Math.max(0, seconds)) };
}

/** Removes an entry (a refused one the driver has seen). */
export async function discard(store: OutboxStore, key: string) {
  await store.remove(key);
}

/** Forgets sent entries older than SENT_KEPT_MS. */
export async function prune(store: OutboxStore, now = new Date()) {
  for (const entry of await store.list()) {
    if (entry.state === 'sent' && now.getTime() - Date.parse(entry.sentAt ?? entry.createdAt) >= SENT_KEPT_MS) await store.remove(entry.key);
  }
}

/**
 * Sends the waiting entries in the order they were made. A document whose entry must be retried sends nothing
 * after it (a comment before the approval it precedes feeds the TFA codes); other documents go on. A refused entry
 * is kept as failed and the next goes on. A missing session stops everything until the driver has signed in again.
 */
export async function drain(
  store: OutboxStore,
  send: (entry: OutboxEntry, body: Record<string, unknown>) => Promise<unknown>,
  classify: (error: unknown) => SendFailure,
  now: () => Date = () => new Date(),
): Promise<{ waiting: boolean; signIn: boolean; sent: OutboxEntry[] }> {
  const sent: OutboxEntry[] = [];
  const held = new Set<string>();
  for (const entry of (await store.list()).filter(isOpen)) {
    if (held.has(entry.freightDocumentId)) continue;
    const sending: OutboxEntry = { ...entry, state: 'sending', attempts: entry.attempts + 1 };
    await store.put(sending);
    try {
      await send(entry, bodyToSend(entry, now()));
      await store.put({ ...sending, state: 'sent', sentAt: now().toISOString() });
      sent.push(entry);
    } catch (error) {
      const failure = classify(error);
      if ('signIn' in failure) {
        await store.put({ ...sending, state: 'waiting' });
        return { waiting: true, signIn: true, sent };
      }
      if (failure.retry) {
        await store.put({ ...sending, state: 'waiting' });
        held.add(entry.freightDocumentId);
        continue;
      }
      await store.put({ ...sending, state: 'failed', errors: failure.errors });
    }
  }
  return { waiting: held.size > 0, signIn: false, sent };
}
