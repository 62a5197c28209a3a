import Dexie, { type EntityTable } from 'dexie';
import type { OutboxEntry } from '@/lib/tablet/outbox';

/**
 * The tablet's and the phone page's data on the device (issue 21), in IndexedDB through Dexie:
 * - `outbox`: the driver's writes until the server has them (lib/tablet/outbox.ts);
 * - `copies`: the last answer of "My transfers", of each hand-over opened or listed, and of the images (signatures,
 *   photos) they show, with when it was fetched;
 * - `deviceKeys`: the phone page's account secret, encrypted under a non-extractable key (lib/offline/respond-kit.ts).
 * Browser only: `offlineDb()` is undefined where there is no IndexedDB (the server, a private window that refuses it).
 */
export interface CopyRecord {
  /** `myTransfers`, `handOver:<freightDocumentId>` or `attachment:<freightDocumentId>:<attachmentId>`. */
  key: string;
  data: unknown;
  /** When the server gave it (ms since the epoch): the screen says "as of". */
  savedAt: number;
}
export interface DeviceKeyRecord {
  name: string;
  value: unknown;
}

export type OfflineDb = Dexie & {
  outbox: EntityTable<OutboxEntry, 'key'>;
  copies: EntityTable<CopyRecord, 'key'>;
  deviceKeys: EntityTable<DeviceKeyRecord, 'name'>;
};

let db: OfflineDb | undefined;

export function offlineDb(): OfflineDb | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  if (!db) {
    db = new Dexie('fds-tablet') as OfflineDb;
    db.version(1).stores({ outbox: 'key, position, freightDocumentId', copies: 'key, savedAt', deviceKeys: 'name' });
  }
  return db;
}

/** Sign-out: what the next person on this device must not see (the outbox stays: see docs/decisions/0029). */
export async function forgetAccountData() {
  const database = offlineDb();
  if (!database) return;
  await Promise.all([database.copies.clear(), database.deviceKeys.clear()]);
}
