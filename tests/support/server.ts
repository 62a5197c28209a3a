/**
 * Starts the built application (`next start`) as a real server for the integration tests, on a free port,
 * with a database of its own: a fresh PGlite DATA_DIR or a freshly created PostgreSQL database.
 * The server runs in its own process group so that stopping it ends every process it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

export type DbKind = 'pglite' | 'postgres';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export interface ServerOptions {
  kind: DbKind;
  /** Names the copy of the server's log kept in .test-data/logs/ after the server is disposed. */
  name: string;
  /** PostgreSQL server on which a throwaway database is created (kind `postgres`). */
  adminDatabaseUrl?: string;
  /** Extra environment of the server (TTLs, SMTP_URL, …). */
  env?: Record<string, string>;
  /** An empty, initialised PGlite cluster (see createPgliteTemplate) copied into the new DATA_DIR. */
  pgliteTemplate?: string;
  /** PostgreSQL: serve this existing database (another instance's) instead of a new one; it is not dropped. */
  databaseUrl?: string;
}

export interface RunningServer {
  kind: DbKind;
  port: number;
  baseUrl: string;
  /** The server's process (and process group) id, to measure its memory. */
  pid: number;
  /** PGlite: the server's DATA_DIR. */
  dataDir?: string;
  /** The server's local blob store (BLOB_DIR), unless its settings chose S3. */
  blobDir: string;
  /** PostgreSQL: the throwaway database. */
  databaseUrl?: string;
  /** The environment the admin command needs to reach the same database. */
  adminEnv: Record<string, string>;
  logFile: string;
  /** Stops the server (SIGTERM to its group, SIGKILL after a grace period); keeps the database. */
  stop: () => Promise<void>;
  /** Kills the server's process group at once (SIGKILL), as a crash would; keeps the database. */
  kill: () => Promise<void>;
  /** Starts the server again, on the same port and database, after stop or kill. */
  restart: () => Promise<void>;
  /** Removes the DATA_DIR or drops the database; call after stop. */
  dispose: () => Promise<void>;
}

/**
 * Initialising a new PGlite cluster takes seconds of CPU (initdb in WebAssembly); opening an existing one
 * takes half a second. Servers of one run therefore start from copies of one empty cluster made here.
 */
export async function createPgliteTemplate(dir: string): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dir);
  await db.waitReady;
  await db.close();
  return dir;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** postgres://…/test → postgres://…/<database> */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `fds_it_${crypto.randomBytes(6).toString('hex')}`;
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`create database ${name}`);
  } finally {
    await sql.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is gone already.
  }
}

// Two minutes: a fresh PGlite directory's initdb and migrations took over one on a loaded 2-core CI machine
// (Playwright's workers and the pglite lane running beside it).
async function waitUntilUp(baseUrl: string, child: ChildProcess, logFile: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      // The heartbeat goes through the REST wrapper, which opens (and migrates) the database first: the
      // first answer of a fresh PGlite directory takes several seconds, so wait for it rather than retry.
      const response = await fetch(`${baseUrl}/api/heartbeat`, { signal: AbortSignal.timeout(Math.max(1_000, deadline - Date.now())) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4000) : '';
  killGroup(child, 'SIGKILL');
  throw new Error(`server on ${baseUrl} did not come up (exit ${child.exitCode}); log tail:\n${log}`);
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  if (!fs.existsSync(path.join(REPO_ROOT, '.next', 'BUILD_ID'))) {
    throw new Error('No production build: run `npx next build` before the integration tests (npm test does).');
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-it-'));
  const logFile = path.join(workDir, 'server.log');

  let dataDir: string | undefined;
  let database: { url: string; drop: () => Promise<void> } | undefined;
  if (options.kind === 'pglite') {
    dataDir = path.join(workDir, 'data');
    if (options.pgliteTemplate) fs.cpSync(options.pgliteTemplate, path.join(dataDir, 'pgdata'), { recursive: true });
  } else if (options.databaseUrl) {
    database = { url: options.databaseUrl, drop: async () => {} };
  } else {
    if (!options.adminDatabaseUrl) throw new Error('kind postgres needs adminDatabaseUrl (TEST_DATABASE_URL)');
    database = await createDatabase(options.adminDatabaseUrl);
  }
  // Every server has a blob store of its own (a PGlite one inside its DATA_DIR's work directory), unless its settings name
  // an S3 store; the admin command gets the same settings, so that blobs:migrate moves files where the server reads them.
  const blobDir = path.join(workDir, 'blobs');
  const blobEnv = Object.fromEntries(Object.entries({ BLOB_DIR: blobDir, ...options.env }).filter(([name]) => name.startsWith('BLOB_')));
  const adminEnv: Record<string, string> = {
    ...(database ? { DATABASE_URL: database.url, DATA_DIR: '' } : { DATA_DIR: dataDir!, DATABASE_URL: '' }),
    ...blobEnv,
  };

  const nextAuthSecret = crypto.randomBytes(32).toString('hex');
  const launch = () => {
    const log = fs.openSync(logFile, 'a');
    const spawned = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        NEXTAUTH_URL: baseUrl,
        NEXTAUTH_SECRET: nextAuthSecret,
        APP_ENV: 'partner',
        // Dozens of servers start per run and few render a PDF: their first PDF may be a cold one (tests/integration/pdf.test.ts
        // has no timing of it; the bench measures the warm-up).
        PDF_WARM_UP: 'false',
        ...adminEnv,
        ...options.env,
      },
    });
    fs.closeSync(log);
    return spawned;
  };
  let child = launch();

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
    await exited(child);
    clearTimeout(timer);
    // Next may leave helpers in the group; make sure nothing of this server survives.
    killGroup(child, 'SIGKILL');
  };
  const kill = async () => {
    stopped = true;
    killGroup(child, 'SIGKILL');
    await exited(child);
  };
  const restart = async () => {
    if (!stopped) throw new Error('restart needs the server stopped or killed first');
    child = launch();
    stopped = false;
    await waitUntilUp(baseUrl, child, logFile);
  };
  const dispose = async () => {
    await stop();
    const logs = path.join(REPO_ROOT, '.test-data', 'logs');
    fs.mkdirSync(logs, { recursive: true });
    fs.copyFileSync(logFile, path.join(logs, `${options.kind}-${options.name}.log`));
    await database?.drop();
    fs.rmSync(workDir, { recursive: true, force: true });
  };

  try {
    await waitUntilUp(baseUrl, child, logFile);
  } catch (error) {
    await dispose().catch(() => {});
    throw error;
  }
  return {
    kind: options.kind,
    port,
    // A getter: restart() replaces the child process.
    get pid() {
      return child.pid!;
    },
    baseUrl,
    dataDir,
    blobDir,
    databaseUrl: database?.url,
    adminEnv,
    logFile,
    stop,
    kill,
    restart,
    dispose,
  };
}
