import { TRPCClientError } from '@trpc/client';
import { offlineDb } from './db';

/**
 * The local copy (issue 21): every read of the tablet's screens goes to the server first and keeps the answer on the
 * device; when the server cannot be reached, the screen gets the kept answer and says how old it is ("as of 14:02").
 */
export const copyKeys = {
  myTransfers: 'myTransfers',
  handOver: (freightDocumentId: string) => `handOver:${freightDocumentId}`,
  attachment: (freightDocumentId: string, attachmentId: string) => `attachment:${freightDocumentId}:${attachmentId}`,
};

/** When each shown copy was fetched, for "as of" (an external store: the screens subscribe to it). */
const ages = new Map<string, { savedAt: number; fromCopy: boolean }>();
const listeners = new Set<() => void>();
export const copyAges = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: (key: string) => ages.get(key),
};
function setAge(key: string, savedAt: number, fromCopy: boolean) {
  ages.set(key, { savedAt, fromCopy });
  for (const listener of listeners) listener();
}

/** A read that failed on the way (no network, a server in trouble, a session gone): the copy may stand in. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
    return status === undefined || status >= 500 || status === 429 || status === 401;
  }
  return true;
}

/** Reads through the server, keeping its answer; falls back to the kept one when the server is out of reach. */
export function throughCopy<T>(key: string, fetcher: () => Promise<T>, onFresh?: (data: T) => void): () => Promise<T> {
  return async () => {
    try {
      const data = await fetcher();
      const savedAt = Date.now();
      setAge(key, savedAt, false);
      await offlineDb()
        ?.copies.put({ key, data, savedAt })
        .catch(() => undefined);
      onFresh?.(data);
      return data;
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      const copy = await offlineDb()
        ?.copies.get(key)
        .catch(() => undefined);
      if (!copy) throw error;
      setAge(key, copy.savedAt, true);
      return copy.data as T;
    }
  };
}

/** Copies of documents that left "My transfers" more than a week ago are dropped. */
export async function pruneCopies(keep: Set<string>, now = Date.now()) {
  const db = offlineDb();
  if (!db) return;
  const old = await db.copies
    .where('savedAt')
    .below(now - 7 * 24 * 3600_000)
    .primaryKeys();
  await db.copies.bulkDelete(old.filter((key) => !keep.has(key)));
}
