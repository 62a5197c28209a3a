import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { getConfig } from '@/server/config/env';
import { describeConnectionError } from './connection-errors';
import { claimDataDir, releaseDataDir } from './data-dir-lock';
import { preparingStatements } from './prepared-client';

export type Schema = typeof schema;
/** One Drizzle API over both drivers: services never know which database they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel; NOTIFYs are delivered when the notifying transaction commits. Returns the UNLISTEN. */
  listen: (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'src/server/db/migrations');
// Any constant works; it only has to be the same for every instance migrating one PostgreSQL.
const MIGRATION_LOCK_KEY = 727_001;

/** `logger` sees every statement the services send (tests count round trips with it). */
export interface OpenOptions {
  logger?: Logger;
  /** PostgreSQL only: statements as named prepared statements (prepared-client.ts); true unless DATABASE_PREPARE=false. */
  prepare?: boolean;
}

export async function openPostgres(url: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  try {
    return await connectPostgres(url, options);
  } catch (error) {
    // Reaching the database is the operator's to fix: one line naming DATABASE_URL and what to check.
    const reason = describeConnectionError(error, url);
    throw reason ? new Error(reason, { cause: error }) : error;
  }
}

async function connectPostgres(url: string, options: OpenOptions): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  // Two instances may start at once: an advisory lock serialises their migrations. It is also the first connection.
  const lockClient = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migrate(drizzle(lockClient, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => {});
    await lockClient.end();
  }
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzle(options.prepare === false ? client : preparingStatements(client), { schema, logger: options.logger }) as unknown as Database;
  const listen = async (channel: string, onNotify: (payload: string) => void) => {
    const { unlisten } = await client.listen(channel, onNotify);
    return unlisten;
  };
  return { db, kind: 'postgres', listen, close: () => client.end() };
}

/** An in-memory embedded database, migrated: for tests of the service layer. */
export async function openMemoryPglite(options: OpenOptions = {}): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  const db = drizzle(client, { schema, logger: options.logger }) as unknown as Database;
  await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, kind: 'pglite', listen: (channel, onNotify) => client.listen(channel, onNotify), close: () => client.close() };
}

async function openPglite(dataDir: string, purpose: 'server' | 'tool', port: number): Promise<DatabaseHandle> {
  const resolved = path.resolve(dataDir);
  fs.mkdirSync(resolved, { recursive: true });
  claimDataDir(resolved, purpose, port);
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite(path.join(resolved, 'pgdata'));
  const db = drizzle(client, { schema }) as unknown as Database;
  await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    close: async () => {
      await client.close();
      releaseDataDir(resolved);
    },
  };
}

const globalForDb = globalThis as unknown as { __fdsDatabase?: Promise<DatabaseHandle> };

/**
 * The process-wide database, opened and migrated once. Kept on globalThis because Next.js may load this
 * module in several bundles of one process; PGlite must be opened exactly once.
 */
export function getDatabaseHandle(purpose: 'server' | 'tool' = 'server'): Promise<DatabaseHandle> {
  if (!globalForDb.__fdsDatabase) {
    const config = getConfig();
    globalForDb.__fdsDatabase = config.DATABASE_URL
      ? openPostgres(config.DATABASE_URL, { prepare: config.DATABASE_PREPARE })
      : openPglite(config.DATA_DIR, purpose, config.PORT);
    globalForDb.__fdsDatabase.catch(() => {
      globalForDb.__fdsDatabase = undefined;
    });
  }
  return globalForDb.__fdsDatabase;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

export async function closeDb(): Promise<void> {
  const handle = globalForDb.__fdsDatabase;
  globalForDb.__fdsDatabase = undefined;
  if (handle) await (await handle).close();
}
