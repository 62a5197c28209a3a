import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** Raw SQL rows from either driver (postgres-js returns an array, PGlite an object with `rows`). */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
