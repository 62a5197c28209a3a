/**
 * The tablet's outbox (lib/tablet/outbox.ts): writes kept in order, retried with the same key and body after a
 * failure on the way, kept with their errors after a refusal, never sent twice once sent.
 */
import { describe, expect, it } from 'vitest';
import { drain, enqueue, memoryStore, prune, SENT_KEPT_MS, type OutboxEntry, type SendFailure } from '@/lib/tablet/outbox';

const network: SendFailure = { retry: true };
const refused = (code: '3.6'): SendFailure => ({ retry: false, errors: [{ code, description: code }] });

describe('outbox', () => {
  it('retries after a network failure with the same key and body, and stops so that later writes never overtake', async () => {
    const store = memoryStore();
    const first = enqueue(store, { kind: 'comment', freightDocumentId: 'd', body: { text: 'a' } });
    enqueue(store, { kind: 'approveOwn', freightDocumentId: 'd', body: { action: 'COLLECTION' } });
    const sent: OutboxEntry[] = [];
    let online = false;
    const send = async (entry: OutboxEntry) => {
      if (!online) throw new Error('offline');
      sent.push(entry);
    };
    expect(await drain(store, send, () => network)).toEqual({ waiting: true, sent: [] });
    expect(store.read().map((entry) => entry.state)).toEqual(['waiting', 'waiting']);
    expect(store.read()[0]!.attempts).toBe(1);

    online = true;
    const result = await drain(store, send, () => network);
    expect(result.waiting).toBe(false);
    expect(sent.map((entry) => entry.kind)).toEqual(['comment', 'approveOwn']);
    expect(sent[0]).toMatchObject({ key: first.key, body: { text: 'a' } });
    expect(store.read().map((entry) => entry.state)).toEqual(['sent', 'sent']);

    // Nothing is sent twice once it is sent.
    await drain(store, send, () => network);
    expect(sent).toHaveLength(2);
  });

  it('keeps a refused write with its errors and goes on with the next', async () => {
    const store = memoryStore();
    enqueue(store, { kind: 'recordCounterParty', freightDocumentId: 'd', body: { evidence: { responseCode: '1' } } });
    enqueue(store, { kind: 'comment', freightDocumentId: 'd', body: { text: 'b' } });
    const send = async (entry: OutboxEntry) => {
      if (entry.kind === 'recordCounterParty') throw new Error('refused');
    };
    await drain(store, send, () => refused('3.6'));
    expect(store.read().map((entry) => [entry.state, entry.errors?.[0]?.code])).toEqual([
      ['failed', '3.6'],
      ['sent', undefined],
    ]);
  });

  it('gives every write its own key and forgets sent ones after a while', async () => {
    const store = memoryStore();
    const a = enqueue(store, { kind: 'comment', freightDocumentId: 'd', body: {} }, new Date(0));
    const b = enqueue(store, { kind: 'comment', freightDocumentId: 'd', body: {} }, new Date(0));
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^[\x21-\x7e]{1,255}$/);
    await drain(
      store,
      async () => undefined,
      () => network,
      () => new Date(0),
    );
    prune(store, new Date(SENT_KEPT_MS - 1));
    expect(store.read()).toHaveLength(2);
    prune(store, new Date(SENT_KEPT_MS + 1));
    expect(store.read()).toHaveLength(0);
  });
});
