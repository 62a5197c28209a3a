import { is, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Writes that need nothing back (issue 24: round trips). Each is an INSERT/UPDATE/DELETE (a Drizzle builder or SQL);
 * `withWrites` puts them in front of another statement as data-modifying CTEs, which PostgreSQL runs exactly once and
 * to completion whether the statement reads them or not, so several writes cost one round trip. They all see the
 * database as it was before the statement: a batched write must not depend on another write of the same batch.
 */
export type BatchedWrite = SQLWrapper;

/** The statement of a write as it stands on its own (Drizzle puts a query builder embedded in SQL in parentheses). */
export function writeSql(write: BatchedWrite): SQL {
  return is(write, SQL) ? write : write.getSQL();
}

/** `with fds_w0 as (…), fds_w1 as (…) <statement>`: one statement. */
export function withWrites(writes: readonly BatchedWrite[], statement: SQLWrapper): SQL {
  if (writes.length === 0) return writeSql(statement);
  const ctes = writes.map((write, index) => sql`${sql.raw(`fds_w${index}`)} as (${writeSql(write)})`);
  return sql`with ${sql.join(ctes, sql`, `)} ${statement}`;
}

/** Runs the writes in one round trip (none when there are none). */
export async function runWrites(db: DbOrTx, writes: readonly BatchedWrite[]): Promise<void> {
  if (writes.length === 0) return;
  await db.execute(withWrites(writes.slice(1), writeSql(writes[0]!)));
}
