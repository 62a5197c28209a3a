/**
 * The device's storage module (lib/offline/device-store.ts) on an in-memory IndexedDB: copies and code kits belong to
 * one account, go at the end of its session (sign-out, a 401, the sign-in page) and when another account's session is
 * seen, never reach another account; the kit is unreadable 12 hours after it was fetched; queued writes outlive all of
 * that with their account (issues 31 and 32 item 4).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { KIT_LIFETIME_MS, openDeviceStore, type DeviceStore } from '@/lib/offline/device-store';
import { enqueue } from '@/lib/tablet/outbox';
import type { OfflineCodeKit } from '@/lib/schemas/tablet';

const KIT: OfflineCodeKit = {
  accountNumber: '1234567',
  accountSecret: 'secret-of-a',
  transfers: [{ freightDocumentId: 'd', serviceNumber: '000000123456', action: 'COLLECTION', s2: '9', s3: '345' }],
  issuedAt: '2026-01-01T00:00:00.000Z',
};

let opened: DeviceStore[] = [];
let counter = 0;
function fresh(): DeviceStore {
  const store = openDeviceStore(`device-test-${(counter += 1)}`)!;
  opened.push(store);
  return store;
}
afterEach(() => {
  for (const store of opened) store.close();
  opened = [];
});

describe('device store', () => {
  it('keeps copies per account: another account never reads them, and seeing its session removes them', async () => {
    const store = fresh();
    await store.adoptSession('a', 1000);
    await store.keepCopy('a', 'handOver:d', { secret: 'collectionSecrets of a' }, 5);
    expect((await store.readCopy('a', 'handOver:d'))?.data).toEqual({ secret: 'collectionSecrets of a' });
    expect(await store.readCopy('b', 'handOver:d')).toBeUndefined();

    // B's page, rendered later: A's copy is gone before B reads anything.
    expect(await store.adoptSession('b', 2000)).toMatchObject({ accountId: 'b' });
    expect(await store.readCopy('a', 'handOver:d')).toBeUndefined();
    // A copy arriving late for A (a request that was under way) is not kept while B is the device's account.
    await store.keepCopy('a', 'handOver:d', { late: true });
    expect(await store.readCopy('a', 'handOver:d')).toBeUndefined();
  });

  it('an older kept page never brings a signed-out account back', async () => {
    const store = fresh();
    await store.adoptSession('a', 1000);
    await store.keepCopy('a', 'myTransfers', { transfers: [] });
    await store.endSession(1500);
    // The service worker's page from before the sign-out, rendered for A at 1200.
    expect(await store.adoptSession('a', 1200)).toMatchObject({ accountId: null });
    expect(await store.readCopy('a', 'myTransfers')).toBeUndefined();
    // A new sign-in renders a newer page.
    expect(await store.adoptSession('a', 3000)).toMatchObject({ accountId: 'a' });
  });

  it('the end of a session (sign-out, 401, the sign-in page) removes copies and kits, and keeps every account’s queued writes', async () => {
    const store = fresh();
    await store.adoptSession('a', 1000);
    await store.keepCopy('a', 'handOver:d', {});
    expect(await store.keepKit('a', KIT)).toBe(true);
    await enqueue(store.outbox, 'a', { kind: 'comment', freightDocumentId: 'd', body: { text: 'kept', previousCommits: [] } });
    await store.endSession();
    expect(await store.readCopy('a', 'handOver:d')).toBeUndefined();
    expect(await store.readKit('a')).toBeUndefined();
    expect(await store.db.kits.count()).toBe(0);
    expect((await store.listOutbox()).map((entry) => [entry.accountId, entry.state])).toEqual([['a', 'waiting']]);
  });

  it('keeps the kit encrypted, for its account only, and unreadable 12 hours after it was fetched', async () => {
    const store = fresh();
    await store.adoptSession('a', 1000);
    const fetchedAt = Date.parse('2026-01-01T06:00:00Z');
    expect(await store.keepKit('a', KIT, fetchedAt)).toBe(true);
    // Stored as ciphertext: the secret is not in the record.
    const record = await store.db.kits.get('a');
    expect(new TextDecoder().decode(record!.data)).not.toContain('secret-of-a');
    expect((await store.readKit('a', fetchedAt + KIT_LIFETIME_MS - 1))?.kit).toEqual(KIT);
    expect(await store.readKit('b', fetchedAt + 1)).toBeUndefined();
    expect(await store.readKit('a', fetchedAt + KIT_LIFETIME_MS)).toBeUndefined();
    // Gone, not just hidden: a clock set back later does not bring it back.
    expect(await store.readKit('a', fetchedAt + 1)).toBeUndefined();
  });

  it('a kit "fetched in the future" (the clock set back) counts as expired', async () => {
    const store = fresh();
    await store.adoptSession('a', 1000);
    const fetchedAt = Date.parse('2026-01-01T06:00:00Z');
    await store.keepKit('a', KIT, fetchedAt);
    expect(await store.readKit('a', fetchedAt - 3600_000)).toBeUndefined();
  });
});
