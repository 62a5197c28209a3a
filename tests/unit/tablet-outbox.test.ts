/**
 * The tablet's outbox (lib/tablet/outbox.ts): writes kept in order, retried with the same key and body after a
 * failure on the way, kept with their errors after a refusal (never blocking the next), waiting for sign-in after a
 * 401, dated by when they were made, one entry per intent, never sent twice once sent.
 */
import { describe, expect, it } from 'vitest';
import { bodyToSend, drain, enqueue, memoryStore, planEntry, prune, SENT_KEPT_MS, type OutboxEntry, type SendFailure } from '@/lib/tablet/outbox';

const network: SendFailure = { retry: true };
const refused = (code: '3.6'): SendFailure => ({ retry: false, errors: [{ code, description: code }] });

describe('outbox', () => {
  it('retries after a network failure with the same key and body, and stops so that later writes never overtake', async () => {
    const store = memoryStore();
    const first = await enqueue(store, { kind: 'comment', freightDocumentId: 'd', body: { text: 'a' } });
    await enqueue(store, { kind: 'approveOwn', freightDocumentId: 'd', body: { action: 'COLLECTION' } });
    const sent: OutboxEntry[] = [];
    let online = false;
    const send = async (entry: OutboxEntry) => {
      if (!online) throw new Error('offline');
      sent.push(entry);
    };
    expect(await drain(store, send, () => network)).toEqual({ waiting: true, signIn: false, sent: [] });
    expect(store.entries().map((entry) => [entry.state, entry.attempts])).toEqual([
      ['waiting', 1],
      ['waiting', 0],
    ]);

    online = true;
    const result = await drain(store, send, () => network);
    expect(result.waiting).toBe(false);
    expect(sent.map((entry) => entry.kind)).toEqual(['comment', 'approveOwn']);
    expect(sent[0]).toMatchObject({ key: first.key, body: { text: 'a' } });
    expect(store.entries().map((entry) => entry.state)).toEqual(['sent', 'sent']);

    // Nothing is sent twice once it is sent.
    await drain(store, send, () => network);
    expect(sent).toHaveLength(2);
  });

  it('keeps a refused write with its errors and goes on with the next', async () => {
    const store = memoryStore();
    await enqueue(store, { kind: 'recordCounterParty', freightDocumentId: 'd', body: { evidence: { responseCode: '1' } } });
    await enqueue(store, { kind: 'comment', freightDocumentId: 'd', body: { text: 'b' } });
    const send = async (entry: OutboxEntry) => {
      if (entry.kind === 'recordCounterParty') throw new Error('refused');
    };
    await drain(store, send, () => refused('3.6'));
    expect(store.entries().map((entry) => [entry.state, entry.errors?.[0]?.code])).toEqual([
      ['failed', '3.6'],
      ['sent', undefined],
    ]);
  });

  it('holds only the document that must wait; a 401 holds everything for sign-in', async () => {
    const store = memoryStore();
    await enqueue(store, { kind: 'comment', freightDocumentId: 'a', body: { text: '1' } }, new Date(1000));
    await enqueue(store, { kind: 'comment', freightDocumentId: 'a', body: { text: '2' } }, new Date(2000));
    await enqueue(store, { kind: 'comment', freightDocumentId: 'b', body: { text: '3' } }, new Date(3000));
    const sent: string[] = [];
    const result = await drain(
      store,
      async (entry) => {
        if (entry.body.text === '1') throw new Error('timeout');
        sent.push(entry.body.text as string);
      },
      () => network,
    );
    expect(result).toMatchObject({ waiting: true, signIn: false });
    expect(sent).toEqual(['3']);

    const auth = await drain(
      store,
      async () => {
        throw new Error('401');
      },
      () => ({ signIn: true }),
    );
    expect(auth.signIn).toBe(true);
    expect(store.entries().filter((entry) => entry.state === 'waiting')).toHaveLength(2);
  });

  it('one entry per intent: the same write while one waits is that entry', async () => {
    const store = memoryStore();
    const a = await enqueue(store, { kind: 'approveOwn', freightDocumentId: 'd', body: { action: 'COLLECTION', previousCommits: ['x'] } });
    const b = await enqueue(store, { kind: 'approveOwn', freightDocumentId: 'd', body: { action: 'COLLECTION', previousCommits: ['x'] } });
    expect(b.key).toBe(a.key);
    expect(store.entries()).toHaveLength(1);
    // Another document, or another body, is another intent.
    expect(planEntry(store.entries(), { kind: 'approveOwn', freightDocumentId: 'e', body: a.body }).added).toBe(true);
  });

  it('dates each send by when the write was made (contract §6), capped at 30 days', () => {
    const entry = planEntry([], { kind: 'comment', freightDocumentId: 'd', body: { text: 'x' } }, new Date('2026-01-01T14:02:00Z')).entry;
    expect(bodyToSend(entry, new Date('2026-01-01T14:12:00Z'))).toEqual({ text: 'x', secondsSinceCreation: 600 });
    expect(bodyToSend(entry, new Date('2026-06-01T00:00:00Z')).secondsSinceCreation).toBe(2_592_000);
    expect(entry.body).toEqual({ text: 'x' });
  });

  it('gives every write its own key and forgets sent ones after a while', async () => {
    const store = memoryStore();
    const a = await enqueue(store, { kind: 'comment', freightDocumentId: 'd', body: { n: 1 } }, new Date(0));
    const b = await enqueue(store, { kind: 'comment', freightDocumentId: 'd', body: { n: 2 } }, new Date(0));
    expect(a.key).not.toBe(b.key);
    expect(b.position).toBeGreaterThan(a.position);
    expect(a.key).toMatch(/^[\x21-\x7e]{1,255}$/);
    await drain(
      store,
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
