import Dexie, { type EntityTable } from 'dexie';
import type { OfflineCodeKit } from '@/lib/schemas/tablet';
import type { OutboxEntry, OutboxStore } from '@/lib/tablet/outbox';

/**
 * Everything the tablet and the phone page keep on the device (issues 21, 31 and 32), in IndexedDB through Dexie, and
 * all of it bound to an account:
 * - `outbox`: each write until the server has it, with the account that made it (lib/tablet/outbox.ts). It outlives a
 *   sign-out: only that account's next session sends it; another account sees a count, never the content.
 * - `copies`: the last answers the screens read (My transfers, hand-overs, images), per account. Removed when the
 *   account signs out, when the server first answers 401 for it, and when another account's session is seen here.
 * - `kits`: the phone page's code kit per account, encrypted under `deviceKeys`' non-extractable AES key; removed like
 *   the copies, and unreadable 12 hours after it was fetched whatever the session (a driver's shift offline).
 * - `meta.session`: which account the device last saw signed in (or none), and as of which page render.
 * No module state: `openDeviceStore()` gives a store object; the screens reach it through hooks
 * (components/offline/device-provider.tsx), never Dexie directly.
 */
export interface CopyRecord {
  /** `${accountId}|${key}`. */
  id: string;
  accountId: string;
  /** `myTransfers`, `handOver:<freightDocumentId>` or `attachment:<freightDocumentId>:<attachmentId>`. */
  key: string;
  data: unknown;
  /** When the server gave it (ms since the epoch): the screen says "as of". */
  savedAt: number;
}
export interface KitRecord {
  accountId: string;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
  fetchedAt: number;
}
interface DeviceKeyRecord {
  name: string;
  value: CryptoKey;
}
/** The device's last known session: the account, or null after a sign-out or a 401; `renderedAt` orders them. */
export interface SessionRecord {
  name: 'session';
  accountId: string | null;
  /** The server's time of the page render that showed it (ms): an older kept page never overrides a newer one. */
  renderedAt: number;
}

type DeviceDb = Dexie & {
  outbox: EntityTable<OutboxEntry, 'key'>;
  accountCopies: EntityTable<CopyRecord, 'id'>;
  kits: EntityTable<KitRecord, 'accountId'>;
  deviceKeys: EntityTable<DeviceKeyRecord, 'name'>;
  meta: EntityTable<SessionRecord, 'name'>;
};

/** The code kit is unreadable this long after it was fetched, whatever the session (issue 32 item 4). */
export const KIT_LIFETIME_MS = 12 * 3600_000;
/** Copies of documents that left "My transfers" more than a week ago are dropped. */
export const COPY_KEPT_MS = 7 * 24 * 3600_000;
const DEVICE_KEY = 'kitKey';
export const DEVICE_DB_NAME = 'fds-tablet';

export const copyKeys = {
  myTransfers: 'myTransfers',
  handOver: (freightDocumentId: string) => `handOver:${freightDocumentId}`,
  attachment: (freightDocumentId: string, attachmentId: string) => `attachment:${freightDocumentId}:${attachmentId}`,
};

function openDb(name: string): DeviceDb {
  const db = new Dexie(name) as DeviceDb;
  db.version(1).stores({ outbox: 'key, position, freightDocumentId', copies: 'key, savedAt', deviceKeys: 'name' });
  // Version 2 (issues 31, 32): everything keyed by account. Copies and the kit of version 1 had no account: dropped.
  // Queued writes of version 1 had none either: kept under no account, counted as another's, never sent as anyone.
  db.version(2)
    .stores({ outbox: 'key, position, accountId', copies: null, accountCopies: 'id, accountId, savedAt', kits: 'accountId', deviceKeys: 'name', meta: 'name' })
    .upgrade(async (tx) => {
      await tx.table('deviceKeys').clear();
      await tx
        .table('outbox')
        .toCollection()
        .modify((entry: { accountId?: string }) => void (entry.accountId ??= ''));
    });
  return db;
}

export type DeviceStore = ReturnType<typeof createDeviceStore>;

/** The device's store, or undefined where there is no IndexedDB (the server, a browser that refuses it). */
export function openDeviceStore(name = DEVICE_DB_NAME): DeviceStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  return createDeviceStore(openDb(name));
}

function createDeviceStore(db: DeviceDb) {
  const copyId = (accountId: string, key: string) => `${accountId}|${key}`;

  async function deviceKey(): Promise<CryptoKey | undefined> {
    if (!globalThis.crypto?.subtle) return undefined;
    const kept = (await db.deviceKeys.get(DEVICE_KEY))?.value;
    if (kept) return kept;
    const made = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await db.deviceKeys.put({ name: DEVICE_KEY, value: made });
    return made;
  }

  /** Removes the copies and kits of every account but `keep` (none: every one). The outbox stays. */
  async function forgetAccountsBut(keep: string | null) {
    await db.transaction('rw', db.accountCopies, db.kits, async () => {
      await db.accountCopies.filter((copy) => copy.accountId !== keep).delete();
      await db.kits.filter((kit) => kit.accountId !== keep).delete();
    });
  }

  const store = {
    db,
    close: () => db.close(),

    /** Every queued entry of every account, in order (the provider partitions them; screens see their own). */
    listOutbox: () => db.outbox.orderBy('position').toArray(),
    outbox: {
      list: () => db.outbox.orderBy('position').toArray(),
      put: async (entry) => void (await db.outbox.put(entry)),
      remove: async (key) => void (await db.outbox.delete(key)),
    } satisfies OutboxStore,

    readCopy: async (accountId: string, key: string) => db.accountCopies.get(copyId(accountId, key)),
    keepCopy: async (accountId: string, key: string, data: unknown, savedAt = Date.now()) => {
      // A copy for an account that is no longer the device's (signed out meanwhile) is not kept.
      const session = await db.meta.get('session');
      if (session && session.accountId !== accountId) return;
      await db.accountCopies.put({ id: copyId(accountId, key), accountId, key, data, savedAt });
    },
    /** Drops this account's copies older than a week that are not among `keep`. */
    pruneCopies: async (accountId: string, keep: Set<string>, now = Date.now()) => {
      const old = await db.accountCopies
        .where('savedAt')
        .below(now - COPY_KEPT_MS)
        .filter((copy) => copy.accountId === accountId && !keep.has(copy.key))
        .primaryKeys();
      await db.accountCopies.bulkDelete(old);
    },

    keepKit: async (accountId: string, kit: OfflineCodeKit, fetchedAt = Date.now()): Promise<boolean> => {
      const key = await deviceKey();
      if (!key) return false;
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(kit)));
      const session = await db.meta.get('session');
      if (session && session.accountId !== accountId) return false;
      await db.kits.put({ accountId, iv, data, fetchedAt });
      return true;
    },
    /** The account's kit, if one was fetched less than 12 hours ago (by this device's clock); an older one is removed. */
    readKit: async (accountId: string, now = Date.now()): Promise<{ kit: OfflineCodeKit; fetchedAt: number } | undefined> => {
      const stored = await db.kits.get(accountId);
      if (!stored) return undefined;
      // A clock set back would stretch the lifetime: a kit "fetched in the future" counts as expired too.
      if (now - stored.fetchedAt >= KIT_LIFETIME_MS || stored.fetchedAt - now > 5 * 60_000) {
        await db.kits.delete(accountId);
        return undefined;
      }
      const key = (await db.deviceKeys.get(DEVICE_KEY))?.value;
      if (!key) return undefined;
      try {
        const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: stored.iv }, key, stored.data);
        return { kit: JSON.parse(new TextDecoder().decode(plain)) as OfflineCodeKit, fetchedAt: stored.fetchedAt };
      } catch {
        return undefined;
      }
    },

    readSession: () => db.meta.get('session'),
    /**
     * A page rendered for `accountId` at `renderedAt` (server time). The newest render wins: a page kept by the
     * service worker from before a sign-out, or from another account, never overrides what the device saw later.
     * Returns the device's session after it, and removes the copies and kits of every other account.
     */
    adoptSession: async (accountId: string | null, renderedAt: number): Promise<SessionRecord> => {
      const current = await db.transaction('rw', db.meta, async () => {
        const known = await db.meta.get('session');
        if (known && known.renderedAt >= renderedAt) return known;
        const next: SessionRecord = { name: 'session', accountId, renderedAt };
        await db.meta.put(next);
        return next;
      });
      await forgetAccountsBut(current.accountId);
      return current;
    },
    /**
     * The session ended (a sign-out, the server's first 401, the sign-in page shown): no account's copies or kit stay.
     * `renderedAt` is the newest render the device has seen, so only a page rendered after it (a new sign-in) counts.
     */
    endSession: async (renderedAt?: number) => {
      await db.transaction('rw', db.meta, async () => {
        const known = await db.meta.get('session');
        await db.meta.put({ name: 'session', accountId: null, renderedAt: Math.max(known?.renderedAt ?? 0, renderedAt ?? 0) });
      });
      await forgetAccountsBut(null);
    },
  };
  return store;
}

/** Sign-out from any screen (the portal too): the device forgets the copies and kits; queued writes stay with their account. */
export async function endDeviceSession(renderedAt?: number) {
  const store = openDeviceStore();
  if (!store) return;
  try {
    await store.endSession(renderedAt);
  } finally {
    store.close();
  }
}
