import { TRPCClientError } from '@trpc/client';
import type { DeviceStore } from './device-store';

/**
 * The local copy (issues 21, 32): every read of the tablet's screens goes to the server first and keeps the answer on
 * the device under the signed-in account; when the server cannot be reached, the screen gets that account's kept
 * answer and says how old it is ("as of 14:02"). A 401 is no "unreachable": the session is gone, so the copy is too
 * (the caller ends the device's session), and the screen never falls back to it.
 */
const statusOf = (error: unknown) => (error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined);

/** The server said the session is gone, or belongs to another account. */
export const isUnauthorized = (error: unknown) => statusOf(error) === 401;

/** A read that failed on the way (no network, a server in trouble): the copy may stand in. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    const status = statusOf(error);
    return status === undefined || status >= 500 || status === 429;
  }
  return true;
}

/** When each shown copy was fetched, for "as of": one per provider, the screens subscribe to it. */
export function createCopyAges() {
  const ages = new Map<string, { savedAt: number; fromCopy: boolean }>();
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get: (key: string) => ages.get(key),
    set(key: string, savedAt: number, fromCopy: boolean) {
      ages.set(key, { savedAt, fromCopy });
      for (const listener of listeners) listener();
    },
  };
}
export type CopyAges = ReturnType<typeof createCopyAges>;

export interface CopyContext {
  store: DeviceStore | undefined;
  accountId: string;
  ages: CopyAges;
  /** The server answered 401: the device's session ends (copies and kits go) before the error reaches the screen. */
  onUnauthorized: () => Promise<void>;
}

/** Reads through the server, keeping its answer for this account; falls back to its kept one when the server is out of reach. */
export function throughCopy<T>(context: CopyContext, key: string, fetcher: () => Promise<T>, onFresh?: (data: T) => void): () => Promise<T> {
  return async () => {
    try {
      const data = await fetcher();
      const savedAt = Date.now();
      context.ages.set(key, savedAt, false);
      await context.store?.keepCopy(context.accountId, key, data, savedAt).catch(() => undefined);
      onFresh?.(data);
      return data;
    } catch (error) {
      if (isUnauthorized(error)) {
        await context.onUnauthorized().catch(() => undefined);
        throw error;
      }
      if (!isUnreachable(error)) throw error;
      const copy = await context.store?.readCopy(context.accountId, key).catch(() => undefined);
      if (!copy) throw error;
      context.ages.set(key, copy.savedAt, true);
      return copy.data as T;
    }
  };
}
