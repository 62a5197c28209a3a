import { getConfig, type AppConfig } from '@/server/config/env';
import { openMemoryPglite, openPostgres, type DatabaseHandle, type OpenOptions } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { ServiceContext } from '@/server/services/context';
import { createAccount } from '@/server/services/accounts/create-account';
import { activateAccountByEmail } from '@/server/services/accounts/activate-account-by-email';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases a service test runs on: always PGlite, PostgreSQL too when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  dispose: () => Promise<void>;
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped afterwards. */
export async function openTestDatabase(kind: DatabaseKind, options: OpenOptions = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openMemoryPglite(options);
    return { handle, dispose: handle.close };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `fds_svc_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), options);
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export function serviceContext(handle: DatabaseHandle, overrides: Partial<AppConfig> = {}, accountId?: string): ServiceContext {
  return {
    db: handle.db,
    config: { ...getConfig(), ...overrides },
    appSecret: 'service-test-app-secret-0123456789',
    caller: accountId ? { accountId } : undefined,
    now: () => new Date(),
  };
}

let counter = 0;

/** An activated account, as the admin command would leave it. */
export async function activeAccount(ctx: ServiceContext, name = 'Tester') {
  counter += 1;
  const email = `${name.toLowerCase().replace(/\W/g, '')}.${process.pid}.${counter}.${Date.now()}@example.test`;
  const created = await createAccount({ ctx, input: { name, email, password: 'correct horse battery', acceptTermsAndConditions: true } });
  await activateAccountByEmail({ ctx, input: { email } });
  return { ...created, email };
}

export async function count(handle: DatabaseHandle, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(handle.db, sql.raw(`select count(*)::int as n from ${table}`));
  return row!.n;
}
