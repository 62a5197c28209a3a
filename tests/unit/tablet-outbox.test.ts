/**
 * The tablet's outbox (lib/tablet/outbox.ts): writes kept in order under the account that made them, retried with the
 * same key and body after a failure on the way, kept with their errors after a refusal (never blocking the next),
 * waiting for that account's sign-in after a 401, dated by when they were made, one entry per intent, never sent twice
 * once sent, and never sent by another account's session (issue 31).
 */
import { describe, expect, it } from 'vitest';
import type { FieldError } from '@/lib/errors/from-zod';
import {
  bodyToSend,
  drain,
  enqueue,
  isUnacknowledgedRefusal,
  memoryStore,
  partitionByAccount,
  planEntry,
  prune,
  SENT_KEPT_MS,
  type OutboxEntry,
  type OutboxRequest,
  type SendFailure,
} from '@/lib/tablet/outbox';

const network: SendFailure = { retry: true };
const refused = (code: FieldError['code'], field?: string): SendFailure => ({
  retry: false,
  errors: [{ code, description: code, ...(field ? { field } : {}) }],
});
const A = 'account-a';
const B = 'account-b';
const comment = (freightDocumentId: string, text: string): OutboxRequest => ({ kind: 'comment', freightDocumentId, body: { text, previousCommits: ['h'] } });
const approve = (freightDocumentId: string): OutboxRequest => ({
  kind: 'approveOwn',
  freightDocumentId,
  body: { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: ['x'] },
});
const textOf = (entry: OutboxEntry) => (entry.kind === 'comment' ? entry.body.text : entry.kind);

describe('outbox', () => {
  it('retries after a network failure with the same key and body, and stops so that later writes never overtake', async () => {
    const store = memoryStore();
    const first = await enqueue(store, A, comment('d', 'a'));
    await enqueue(store, A, approve('d'));
    const sent: OutboxEntry[] = [];
    let online = false;
    const send = async (entry: OutboxEntry) => {
      if (!online) throw new Error('offline');
      sent.push(entry);
    };
    expect(await drain(store, A, send, () => network)).toEqual({ waiting: true, signIn: false, sent: [], refused: [] });
    expect(store.entries().map((entry) => [entry.state, entry.attempts])).toEqual([
      ['waiting', 1],
      ['waiting', 0],
    ]);

    online = true;
    const result = await drain(store, A, send, () => network);
    expect(result.waiting).toBe(false);
    expect(sent.map((entry) => entry.kind)).toEqual(['comment', 'approveOwn']);
    expect(sent[0]).toMatchObject({ key: first.key, body: { text: 'a' } });
    expect(store.entries().map((entry) => entry.state)).toEqual(['sent', 'sent']);

    // Nothing is sent twice once it is sent.
    await drain(store, A, send, () => network);
    expect(sent).toHaveLength(2);
  });

  it('keeps a refused write with its errors, unacknowledged until the driver has seen it, and goes on with the next', async () => {
    const store = memoryStore();
    await enqueue(store, A, {
      kind: 'recordCounterParty',
      freightDocumentId: 'd',
      serviceNumber: '000000000042',
      body: { action: 'COLLECTION', previousCommits: ['x'], evidence: { responseCode: '1' } },
    });
    await enqueue(store, A, comment('d', 'b'));
    const send = async (entry: OutboxEntry) => {
      if (entry.kind === 'recordCounterParty') throw new Error('refused');
    };
    const result = await drain(store, A, send, () => refused('3.6', 'evidence.responseCode'));
    expect(result.refused.map((entry) => [entry.kind, entry.serviceNumber, entry.errors?.[0]?.field])).toEqual([
      ['recordCounterParty', '000000000042', 'evidence.responseCode'],
    ]);
    expect(store.entries().map((entry) => [entry.state, entry.errors?.[0]?.code])).toEqual([
      ['failed', '3.6'],
      ['sent', undefined],
    ]);
    const [failed] = store.entries();
    expect(isUnacknowledgedRefusal(failed!)).toBe(true);
    expect(isUnacknowledgedRefusal({ ...failed!, acknowledgedAt: new Date().toISOString() })).toBe(false);
  });

  it('a document gone or access revoked ends in the account’s "not sent" list with the reason, never retried', async () => {
    const store = memoryStore();
    await enqueue(store, A, approve('gone'));
    let calls = 0;
    await drain(
      store,
      A,
      async () => {
        calls += 1;
        throw new Error('404');
      },
      () => refused('4.47'),
    );
    await drain(
      store,
      A,
      async () => void (calls += 1),
      () => network,
    );
    expect(calls).toBe(1);
    expect(partitionByAccount(store.entries(), A).mine.map((entry) => [entry.state, entry.errors?.[0]?.code])).toEqual([['failed', '4.47']]);
  });

  it('holds only the document that must wait; a 401 holds everything for sign-in', async () => {
    const store = memoryStore();
    await enqueue(store, A, comment('a', '1'), new Date(1000));
    await enqueue(store, A, comment('a', '2'), new Date(2000));
    await enqueue(store, A, comment('b', '3'), new Date(3000));
    const sent: string[] = [];
    const result = await drain(
      store,
      A,
      async (entry) => {
        if (textOf(entry) === '1') throw new Error('timeout');
        sent.push(String(textOf(entry)));
      },
      () => network,
    );
    expect(result).toMatchObject({ waiting: true, signIn: false });
    expect(sent).toEqual(['3']);

    const auth = await drain(
      store,
      A,
      async () => {
        throw new Error('401');
      },
      () => ({ signIn: true }),
    );
    expect(auth.signIn).toBe(true);
    expect(store.entries().filter((entry) => entry.state === 'waiting')).toHaveLength(2);
  });

  it('is keyed by account: a session sends only its own account’s entries; the others are counted, untouched, and sent by their own account later', async () => {
    const store = memoryStore();
    await enqueue(store, A, approve('d'), new Date(1000));
    await enqueue(store, A, comment('d', 'from A'), new Date(2000));
    await enqueue(store, B, comment('e', 'from B'), new Date(3000));
    const sentAs: [string, string][] = [];
    const send = (session: string) => async (entry: OutboxEntry) => void sentAs.push([session, `${entry.accountId}:${String(textOf(entry))}`]);

    // B signed in on the tablet A used: only B's entry goes, under B.
    await drain(store, B, send(B), () => network);
    expect(sentAs).toEqual([[B, `${B}:from B`]]);
    expect(partitionByAccount(store.entries(), B)).toMatchObject({ othersWaiting: 2 });
    expect(partitionByAccount(store.entries(), B).mine.map((entry) => entry.state)).toEqual(['sent']);
    expect(
      store
        .entries()
        .filter((entry) => entry.accountId === A)
        .map((entry) => [entry.state, entry.attempts]),
    ).toEqual([
      ['waiting', 0],
      ['waiting', 0],
    ]);

    // A signs in again: A's entries go, in order, under A.
    await drain(store, A, send(A), () => network);
    expect(sentAs.slice(1)).toEqual([
      [A, `${A}:approveOwn`],
      [A, `${A}:from A`],
    ]);
    expect(partitionByAccount(store.entries(), A).othersWaiting).toBe(0);
    // Nobody signed in: nothing is anyone's to send, everything open is "another account's".
    expect(partitionByAccount([...store.entries(), await enqueue(memoryStore(), A, comment('f', 'x'))], null).othersWaiting).toBe(1);
  });

  it('a session of another account than the entry’s (the server’s 401 on the stamp) keeps the entry waiting for its own account', async () => {
    const store = memoryStore();
    await enqueue(store, A, approve('d'));
    const result = await drain(
      store,
      A,
      async () => {
        throw new Error('401 outboxAccountId');
      },
      () => ({ signIn: true }),
    );
    expect(result).toMatchObject({ signIn: true, refused: [] });
    expect(store.entries().map((entry) => [entry.accountId, entry.state])).toEqual([[A, 'waiting']]);
  });

  it('one entry per intent and account: the same write while one waits is that entry', async () => {
    const store = memoryStore();
    const a = await enqueue(store, A, approve('d'));
    const b = await enqueue(store, A, approve('d'));
    expect(b.key).toBe(a.key);
    expect(store.entries()).toHaveLength(1);
    // Another document, another body or another account is another intent.
    expect(planEntry(store.entries(), A, approve('e')).added).toBe(true);
    expect(planEntry(store.entries(), B, approve('d')).added).toBe(true);
  });

  it('dates each send by when the write was made (contract §6), capped at 30 days', () => {
    const entry = planEntry([], A, comment('d', 'x'), new Date('2026-01-01T14:02:00Z')).entry;
    expect(bodyToSend(entry, new Date('2026-01-01T14:12:00Z'))).toEqual({ text: 'x', previousCommits: ['h'], secondsSinceCreation: 600 });
    expect(bodyToSend(entry, new Date('2026-06-01T00:00:00Z')).secondsSinceCreation).toBe(2_592_000);
    expect(entry.body).toEqual({ text: 'x', previousCommits: ['h'] });
    expect(entry.accountId).toBe(A);
  });

  it('gives every write its own key and forgets sent ones after a while', async () => {
    const store = memoryStore();
    const a = await enqueue(store, A, comment('d', '1'), new Date(0));
    const b = await enqueue(store, A, comment('d', '2'), new Date(0));
    expect(a.key).not.toBe(b.key);
    expect(b.position).toBeGreaterThan(a.position);
    expect(a.key).toMatch(/^[\x21-\x7e]{1,255}$/);
    await drain(
      store,
      A,
      async () => undefined,
      () => network,
      () => new Date(0),
    );
    await prune(store, new Date(SENT_KEPT_MS - 1));
    expect(store.entries()).toHaveLength(2);
    await prune(store, new Date(SENT_KEPT_MS + 1));
    expect(store.entries()).toHaveLength(0);
  });
});
