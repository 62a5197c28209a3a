import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBlobStore, type BlobStore } from '@/server/blobs';
import { getConfig, type AppConfig } from '@/server/config/env';
import { openMemoryPglite, openPostgres, type DatabaseHandle, type OpenOptions } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { ServiceContext } from '@/server/services/context';
import { createAccount } from '@/server/services/accounts/create-account';
import { activateAccountByEmail } from '@/server/services/accounts/activate-account-by-email';
import { startS3Server, type TestS3Server } from '../support/s3-server';
import { blobAccess } from '../support/blob-access';

// The process's own blob store (getBlobStore(): the orphan sweep job, verifyCommitChain's default) is a local one in
// a directory of this test run, never the working tree's .data.
process.env.BLOB_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'fds-svc-blobs-'));

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases a service test runs on: always PGlite, PostgreSQL too when TEST_DATABASE_URL is set; one of them when
 * the vitest project says so (SERVICE_DATABASES, vitest.config.ts: `npm test` runs on PostgreSQL the files tagged
 * `@backends every` only).
 */
export function databaseKinds(): DatabaseKind[] {
  const only = process.env.SERVICE_DATABASES;
  if (only === 'pglite' || only === 'postgres') return [only];
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  dispose: () => Promise<void>;
}

export type BlobStoreKind = 'local' | 's3';

/**
 * The blob stores the file tests (attachments, signatures, photos, PDF, verification) run on, each with a database:
 * the local store on PGlite, and the S3 store (a real S3-protocol server, s3rver) on PostgreSQL when there is one,
 * else on PGlite.
 */
export function blobStoreCases(): { kind: DatabaseKind; store: BlobStoreKind }[] {
  return [
    { kind: 'pglite', store: 'local' },
    { kind: databaseKinds().at(-1)!, store: 's3' },
  ];
}

let s3Server: Promise<TestS3Server> | undefined;
/** One S3-protocol server per test file (process), started when a test first needs it. */
export function testS3Server(): Promise<TestS3Server> {
  s3Server ??= startS3Server();
  return s3Server;
}

/** For the afterAll of a file that used the S3 store. */
export async function closeTestS3Server(): Promise<void> {
  const server = s3Server;
  s3Server = undefined;
  await (await server)?.close();
}

const storesOfDatabases = new WeakMap<DatabaseHandle, BlobStore>();

const tamperers = new WeakMap<BlobStore, (digest: string, bytes: Buffer) => Promise<void>>();

/** Puts other bytes under a digest, behind the store's back (a disk fault, an operator's mistake, an attacker). */
export async function tamperWithBlob(store: BlobStore, digest: string, bytes: Buffer): Promise<void> {
  await tamperers.get(store)!(digest, bytes);
}

/** A fresh store of that kind: a new directory, or a new key prefix in the test S3 server's bucket. */
export async function openTestBlobStore(kind: BlobStoreKind): Promise<BlobStore> {
  const base = getConfig();
  if (kind === 'local') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-svc-blobs-'));
    const store = createBlobStore({ ...base, BLOB_STORE: 'local', BLOB_DIR: dir });
    tamperers.set(store, blobAccess({ kind: 'local', dir }).write);
    return store;
  }
  const server = await testS3Server();
  const prefix = `run-${process.pid}-${Math.random().toString(36).slice(2, 8)}/`;
  const store = createBlobStore({
    ...base,
    BLOB_STORE: 's3',
    BLOB_S3_BUCKET: server.bucket,
    BLOB_S3_REGION: 'us-east-1',
    BLOB_S3_ENDPOINT: server.endpoint,
    BLOB_S3_FORCE_PATH_STYLE: true,
    BLOB_S3_PREFIX: prefix,
    BLOB_S3_ACCESS_KEY_ID: 'S3RVER',
    BLOB_S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  tamperers.set(store, blobAccess({ kind: 's3', endpoint: server.endpoint, bucket: server.bucket, prefix }).write);
  return store;
}

/** The blob store the contexts of this database use (the process's local one unless the test chose another). */
export function blobsOf(handle: DatabaseHandle): BlobStore {
  return storesOfDatabases.get(handle) ?? defaultBlobs();
}

let processBlobs: BlobStore | undefined;
function defaultBlobs(): BlobStore {
  processBlobs ??= createBlobStore({ ...getConfig(), BLOB_STORE: 'local' });
  return processBlobs;
}

/** A database whose service contexts store files in a store of `store`'s kind. */
export async function openTestDatabaseWithBlobs(
  kind: DatabaseKind,
  store: BlobStoreKind,
  options: OpenOptions = {},
): Promise<TestDatabase & { blobs: BlobStore }> {
  const database = await openTestDatabase(kind, options);
  const blobs = await openTestBlobStore(store);
  storesOfDatabases.set(database.handle, blobs);
  return { ...database, blobs };
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
    blobs: blobsOf(handle),
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
