import type { FieldError } from '@/lib/errors/from-zod';
import type { RouterInputs } from '@/lib/trpc/client';

/**
 * The tablet's outbox (issues 9, 21 and 31): every write the driver makes is kept on the device first (IndexedDB, see
 * lib/offline/device-store.ts) with the account that made it, its own idempotency key, the time it was made and its
 * position, and sent in order until the server has answered — only ever under that account's session. A request that
 * fails on the way (no network, a timeout, a server in trouble) stays and is sent again with the same key and body, so
 * the server answers a repeat from the first attempt (contract §13) and nothing is approved twice. A refusal of the
 * service is final and kept with its errors until the driver dismisses it; it never blocks the items behind it. A
 * missing session, or a session of another account (401), is no refusal: that account's items wait for its sign-in.
 * Pure: storage and sending are passed in.
 */

/** A body as the driver made it: `secondsSinceCreation` is computed at each send (contract §6). */
type Made<T> = Omit<T, 'secondsSinceCreation'>;
type TabletInput = RouterInputs['tablet'];
type LegalInput = RouterInputs['legalEvents'];

/** What each kind sends: the tRPC procedure's own `body` input, so a queued write can never drift from its procedure. */
export type OutboxWrite =
  | { kind: 'approveOwn'; body: Made<TabletInput['approveOwn']['body']> }
  | { kind: 'recordCounterParty'; body: Made<TabletInput['recordCounterParty']['body']> }
  | { kind: 'comment'; body: Made<TabletInput['comment']['body']> }
  | { kind: 'licensePlates'; body: Made<TabletInput['licensePlates']['body']> }
  | { kind: 'impediment'; body: Made<LegalInput['reportImpediment']['body']> }
  | { kind: 'cashOnDelivery'; body: Made<LegalInput['recordCashOnDelivery']['body']> }
  | { kind: 'withdrawReservation'; body: Made<LegalInput['withdrawReservation']['body']> };
export type OutboxKind = OutboxWrite['kind'];
export const OUTBOX_KINDS = [
  'approveOwn',
  'recordCounterParty',
  'comment',
  'licensePlates',
  'impediment',
  'cashOnDelivery',
  'withdrawReservation',
] as const satisfies readonly OutboxKind[];
export type OutboxBody<K extends OutboxKind> = Extract<OutboxWrite, { kind: K }>['body'];

export type OutboxState = 'waiting' | 'sending' | 'sent' | 'failed';

interface EntryFields {
  /** The idempotency key, also the entry's id. */
  key: string;
  /** The account that made it: the only one whose session ever sends it. */
  accountId: string;
  freightDocumentId: string;
  /** The document's service number when it was made, so a refusal can name it on any screen. */
  serviceNumber?: string;
  /** When the driver made it (ISO): the change is dated then, however late it arrives. */
  createdAt: string;
  /** The order of the device's writes: sent in this order, one document's in sequence. */
  position: number;
  state: OutboxState;
  attempts: number;
  /** The service's refusal of a failed entry. */
  errors?: FieldError[];
  /** When the driver acknowledged the full-screen refusal (it stays beside its document until dismissed). */
  acknowledgedAt?: string;
  sentAt?: string;
}
/** One queued write: a discriminated union on `kind`, so the sender needs no cast. */
export type OutboxEntry = EntryFields & OutboxWrite;
/** What a screen asks to queue. */
export type OutboxRequest = OutboxWrite & { freightDocumentId: string; serviceNumber?: string };

export interface OutboxStore {
  list(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(key: string): Promise<void>;
}

/**
 * How a failed send ends: kept to retry (network, 5xx, 429), waiting for this account's sign-in (401: no session, or
 * the session of another account), or refused for good.
 */
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

export const isOpen = (entry: Pick<OutboxEntry, 'state'>) => entry.state === 'waiting' || entry.state === 'sending';
/** A refusal the driver has not yet acknowledged: shown full screen, whatever screen is open. */
export const isUnacknowledgedRefusal = (entry: OutboxEntry) => entry.state === 'failed' && !entry.acknowledgedAt;

/** The entries one account sees and sends; the others' are counted, never shown. */
export function partitionByAccount(entries: readonly OutboxEntry[], accountId: string | null) {
  const mine = entries.filter((entry) => entry.accountId === accountId);
  const othersWaiting = entries.filter((entry) => entry.accountId !== accountId && isOpen(entry)).length;
  return { mine, othersWaiting };
}

/**
 * The entry for a new write, or the one already waiting for the same intent (same account, kind, document and body): a
 * double tap, or a tap again after a reload, keeps one entry (issue 19 item 2). Synchronous, so a screen disables its
 * control in the same render.
 */
export function planEntry(existing: readonly OutboxEntry[], accountId: string, write: OutboxRequest, now = new Date()): { entry: OutboxEntry; added: boolean } {
  const body = JSON.stringify(write.body);
  const same = existing.find(
    (entry) =>
      isOpen(entry) &&
      entry.accountId === accountId &&
      entry.kind === write.kind &&
      entry.freightDocumentId === write.freightDocumentId &&
      JSON.stringify(entry.body) === body,
  );
  if (same) return { entry: same, added: false };
  const last = existing.reduce((max, entry) => Math.max(max, entry.position), 0);
  const entry: OutboxEntry = {
    ...write,
    accountId,
    key: newIdempotencyKey(),
    createdAt: now.toISOString(),
    position: Math.max(now.getTime(), last + 1),
    state: 'waiting',
    attempts: 0,
  };
  return { entry, added: true };
}

export async function enqueue(store: OutboxStore, accountId: string, write: OutboxRequest, now = new Date()): Promise<OutboxEntry> {
  const { entry, added } = planEntry(await store.list(), accountId, write, now);
  if (added) await store.put(entry);
  return entry;
}

/** What is sent: the body with `secondsSinceCreation` as of this attempt (contract §6). */
export function bodyToSend<E extends OutboxEntry>(entry: E, now = new Date()): E['body'] & { secondsSinceCreation: number } {
  const seconds = Math.floor((now.getTime() - Date.parse(entry.createdAt)) / 1000);
  return { ...entry.body, secondsSinceCreation: Math.min(MAX_SECONDS_SINCE_CREATION, Math.max(0, seconds)) };
}

/** Forgets sent entries older than SENT_KEPT_MS. */
export async function prune(store: OutboxStore, now = new Date()) {
  for (const entry of await store.list()) {
    if (entry.state === 'sent' && now.getTime() - Date.parse(entry.sentAt ?? entry.createdAt) >= SENT_KEPT_MS) await store.remove(entry.key);
  }
}

/**
 * Sends the signed-in account's waiting entries in the order they were made; another account's entries are never
 * touched. A document whose entry must be retried sends nothing after it (a comment before the approval it precedes
 * feeds the TFA codes); other documents go on. A refused entry is kept as failed and the next goes on. A 401 stops
 * everything until this account has signed in again.
 */
export async function drain(
  store: OutboxStore,
  accountId: string,
  send: (entry: OutboxEntry, dated: { secondsSinceCreation: number }) => Promise<unknown>,
  classify: (error: unknown) => SendFailure,
  now: () => Date = () => new Date(),
): Promise<{ waiting: boolean; signIn: boolean; sent: OutboxEntry[]; refused: OutboxEntry[] }> {
  const sent: OutboxEntry[] = [];
  const refused: OutboxEntry[] = [];
  const held = new Set<string>();
  for (const entry of (await store.list()).filter((candidate) => isOpen(candidate) && candidate.accountId === accountId)) {
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
        return { waiting: true, signIn: true, sent, refused };
      }
      if (failure.retry) {
        await store.put({ ...sending, state: 'waiting' });
        held.add(entry.freightDocumentId);
        continue;
      }
      const failed: OutboxEntry = { ...sending, state: 'failed', errors: failure.errors };
      await store.put(failed);
      refused.push(failed);
    }
  }
  return { waiting: held.size > 0, signIn: false, sent, refused };
}

/** How a screen queues a write for its document: the body typed by its kind. */
export type Submit = <K extends OutboxKind>(kind: K, body: OutboxBody<K>) => string;
