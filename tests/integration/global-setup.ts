/**
 * One real server per integration project, shared by its test files: `next start` on a free port over a
 * fresh PGlite DATA_DIR (integration-pglite) or a freshly created PostgreSQL database (integration-postgres),
 * mailing through a real SMTP sink. Tests reach both through `inject` (see ./context.ts).
 * integration-two-instances: two servers on one PostgreSQL database behind a round-robin balancer
 * (tests/support/instances.ts); `baseUrl` is the balancer's, so every test's requests alternate between them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startInstancePair } from '../support/instances';
import { TEST_METRICS_TOKEN } from '../support/job-table';
import { markRecordedTier } from '../support/recorded-tier';
import { createPgliteTemplate, startServer, type DbKind, type RunningServer } from '../support/server';
import { startSmtpSink } from '../support/smtp-sink';
import { startS3Server } from '../support/s3-server';

/** Short enough that the test of the lockout's end waits only a few seconds. */
export const SHARED_LOCKOUT_SECONDS = 4;

export default async function setup(project: TestProject) {
  const twoInstances = project.name === 'integration-two-instances';
  const kind: DbKind = project.name.endsWith('postgres') || twoInstances ? 'postgres' : 'pglite';
  // Issue 37: the file tests run against an S3 store too (a real S3-protocol server, s3rver), and two instances share
  // their files through one (contract §12: any number of instances holds with the S3 store).
  const s3 = project.name === 'integration-s3' || twoInstances ? await startS3Server() : undefined;
  const adminDatabaseUrl = process.env.TEST_DATABASE_URL ?? '';
  if (kind === 'postgres' && !adminDatabaseUrl) throw new Error('integration-postgres needs TEST_DATABASE_URL');

  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), `fds-mail-${kind}-`));
  const pgliteTemplate = kind === 'pglite' ? await createPgliteTemplate(fs.mkdtempSync(path.join(os.tmpdir(), 'fds-pglite-template-'))) : '';
  const sink = await startSmtpSink(mailDir);
  const smtpUrl = `smtp://127.0.0.1:${sink.port}`;
  const serverEnv = {
    APP_ENV: 'partner',
    SMTP_URL: smtpUrl,
    // A queued job wakes the worker at once (NOTIFY); the poll only finds jobs that fell due later (retries, leases).
    // On PGlite the default 500 ms: at 100 ms an idle server's polling cost about a tenth of a core for the whole tier
    // (measured while all 8 loops polled; one loop per pool polls since issue 24). The files that wait for a retry or a lease set 100 ms themselves.
    // The PostgreSQL tiers keep 100 ms (not measured with 500 yet).
    JOB_POLL_INTERVAL_MS: kind === 'pglite' ? '500' : '100',
    LOGIN_LOCKOUT_SECONDS: String(SHARED_LOCKOUT_SECONDS),
    // Every test signs in from 127.0.0.1: the per-address limit (issue 20) has its own file with its own server.
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    ...s3?.env,
  };
  // The shared server's job table is readable through /api/metrics (tests/support/job-table.ts: a PGlite DATA_DIR
  // opens in its server only), so the files on it wait for settled jobs, not for a time. Own servers start without a
  // token (`serverEnv` has none) unless a file sets one.
  const sharedEnv = { ...serverEnv, METRICS_TOKEN: TEST_METRICS_TOKEN };
  const started = twoInstances
    ? startInstancePair({ name: 'shared', adminDatabaseUrl, env: sharedEnv })
    : startServer({ name: 'shared', kind, adminDatabaseUrl, pgliteTemplate, env: sharedEnv });
  const server = await (started as Promise<Pick<RunningServer, 'baseUrl' | 'adminEnv' | 'databaseUrl' | 'dispose'>>).catch(async (error: unknown) => {
    await sink.close();
    await s3?.close();
    throw error;
  });
  const instanceUrls = 'instances' in server ? (server.instances as RunningServer[]).map((instance) => instance.baseUrl) : [server.baseUrl];

  project.provide('baseUrl', server.baseUrl);
  project.provide('instanceUrls', instanceUrls);
  project.provide('dbKind', kind);
  project.provide('adminEnv', server.adminEnv);
  project.provide('databaseUrl', server.databaseUrl ?? '');
  project.provide('adminDatabaseUrl', adminDatabaseUrl);
  project.provide('pgliteTemplate', pgliteTemplate);
  project.provide('mailDir', mailDir);
  project.provide('serverEnv', serverEnv);
  project.provide('lockoutSeconds', SHARED_LOCKOUT_SECONDS);
  project.provide(
    'blobStore',
    s3 ? { kind: 's3', endpoint: s3.endpoint, bucket: s3.bucket } : { kind: 'local', dir: 'blobDir' in server ? String(server.blobDir) : '' },
  );

  return async () => {
    // After the tier's files ran: the answered-codes check reads which tiers recorded all of theirs.
    markRecordedTier(project.name);
    await server.dispose();
    await sink.close();
    await s3?.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
    if (pgliteTemplate) fs.rmSync(pgliteTemplate, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The servers behind baseUrl: one, or two for integration-two-instances (then baseUrl is their balancer). */
    instanceUrls: string[];
    dbKind: DbKind;
    /** Environment for the admin command to reach the shared server's database. */
    adminEnv: Record<string, string>;
    databaseUrl: string;
    adminDatabaseUrl: string;
    /** PGlite: an empty initialised cluster for servers a file starts itself ('' for PostgreSQL). */
    pgliteTemplate: string;
    mailDir: string;
    /** The shared server's settings; files that start their own server reuse them (same SMTP sink). */
    serverEnv: Record<string, string>;
    lockoutSeconds: number;
    /** The shared server's blob store: its directory, or the S3-protocol server and bucket (issue 37). */
    blobStore: { kind: 'local'; dir: string } | { kind: 's3'; endpoint: string; bucket: string };
  }
}
