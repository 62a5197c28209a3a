/**
 * EXPLAIN ANALYZE of exactly the SQL listFreightDocuments sends: the service runs once on a Drizzle instance
 * whose logger records each statement with its parameters, then every page and count statement is explained.
 */
import { getBlobStore } from '@/server/blobs';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Database } from '@/server/db/client';
import * as schema from '@/server/db/schema';
import { getConfig } from '@/server/config/env';
import { listFreightDocuments } from '@/server/services/freight-documents/list-freight-documents';

export async function explainList(databaseUrl: string, accountId: string, query: string): Promise<string[]> {
  const client = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(client, { schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } }) as unknown as Database;
  try {
    const ctx = { db, config: getConfig(), appSecret: 'unused', caller: { accountId }, now: () => new Date(), blobs: getBlobStore() };
    await listFreightDocuments({ ctx, input: { query: new URLSearchParams(query).entries() } });
    const out: string[] = [];
    // The page and the count (list-page.ts names their subqueries); the rest load by key what the page names.
    for (const statement of captured.filter((entry) => /\) "(page|capped)"/.test(entry.sql))) {
      const rows = await client.unsafe(`explain (analyze, buffers) ${statement.sql}`, statement.params as never[]);
      out.push(rows.map((row) => String(row['QUERY PLAN'])).join('\n'));
    }
    return out;
  } finally {
    await client.end();
  }
}
