/**
 * Configuration is checked before the first request is answered (issue 13): a server that cannot serve exits
 * non-zero with the reason instead of answering 500 on every path. Each case is a fresh `next start`; they run in
 * the PGlite project only (the checks do not depend on the database kind, and one run of them is enough).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, REPO_ROOT, type RunningServer } from '../support/server';
import { Driver, startOwnServer } from './driver';

interface Exit {
  code: number | null;
  output: string;
  /** Answers the server gave while it was starting (there must be none but refusals). */
  answers: number[];
}

/** Starts `next start` with this environment and waits (at most 60 s) for it to exit, asking it for its heartbeat meanwhile. */
async function startExpectingExit(env: Record<string, string>): Promise<Exit> {
  const port = await freePort();
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const answers: number[] = [];
  let done = false;
  void exited.then(() => (done = true));
  const timeout = setTimeout(() => child.kill('SIGKILL'), 60_000);
  while (!done) {
    try {
      const reply = await fetch(`http://127.0.0.1:${port}/api/heartbeat`, { signal: AbortSignal.timeout(2_000) });
      answers.push(reply.status);
    } catch {
      // Refused, or cut when the process exited: no answer.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  clearTimeout(timeout);
  return { code: await exited, output, answers };
}

describe.runIf(inject('dbKind') === 'pglite')('start-up checks', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-startup-'));
    dirs.push(dir);
    return dir;
  };
  let holder: RunningServer;

  beforeAll(async () => {
    holder = await startOwnServer('startup-holder');
  });

  afterAll(async () => {
    await holder?.dispose();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('APP_ENV=production without APP_SECRET: exits 1 saying how long a secret must be and how to make one, never answers', async () => {
    const exit = await startExpectingExit({ APP_ENV: 'production', APP_SECRET: '', DATA_DIR: tempDir() });
    expect(exit.code).toBe(1);
    expect(exit.output).toMatch(/APP_SECRET is required when APP_ENV=production: .*at least 16 characters.*APP_SECRET=\$\(openssl rand -hex 32\)/);
    expect(exit.answers).toEqual([]);
  }, 90_000);

  it('an APP_SECRET shorter than 16 characters, or a number that is none: exits 1 naming it and the fix, no raw zod text', async () => {
    const short = await startExpectingExit({ APP_ENV: 'production', APP_SECRET: 'too-short', DATA_DIR: tempDir() });
    expect(short.code).toBe(1);
    expect(short.output).toMatch(/APP_SECRET: it has 9 characters and needs at least 16: .*openssl rand -hex 32/);
    expect(short.output).not.toContain('too-short');
    expect(short.output).not.toMatch(/Too small|expected string/);
    const ttl = await startExpectingExit({ ACCESS_TOKEN_TTL_SECONDS: 'abc', DATA_DIR: tempDir() });
    expect(ttl.code).toBe(1);
    // The server logs JSON: the quotes around the value come escaped.
    expect(ttl.output).toMatch(/ACCESS_TOKEN_TTL_SECONDS: \\?"abc\\?" is not a whole number: set a whole number of 1 or more .*default 3600/);
    expect(ttl.output).not.toMatch(/NaN|expected number/);
    const limit = await startExpectingExit({ RATE_LIMIT_WRITES_PER_ACCOUNT: '-1', DATA_DIR: tempDir() });
    expect(limit.code).toBe(1);
    expect(limit.output).toMatch(/RATE_LIMIT_WRITES_PER_ACCOUNT: \\?"-1\\?" is not a whole number: set a whole number of 0 or more/);
  }, 150_000);

  it('a blob store configured halfway (issue 37): exits 1 with one line naming what is missing', async () => {
    const noRegion = { BLOB_STORE: 's3', BLOB_S3_BUCKET: 'files', AWS_REGION: '', AWS_DEFAULT_REGION: '', DATA_DIR: tempDir() };
    const exit = await startExpectingExit({ ...noRegion, BLOB_S3_ACCESS_KEY_ID: 'key-without-secret' });
    expect(exit.code).toBe(1);
    expect(exit.output).toContain('Invalid configuration: BLOB_STORE=s3 needs BLOB_S3_REGION (or AWS_REGION) and BLOB_S3_SECRET_ACCESS_KEY');
    expect(exit.answers).toEqual([]);
    const stray = await startExpectingExit({ BLOB_S3_BUCKET: 'files', DATA_DIR: tempDir() });
    expect(stray.code).toBe(1);
    expect(stray.output).toContain('BLOB_S3_BUCKET is set but BLOB_STORE is not s3');
  });

  it('a DATA_DIR held by another running server: exits 1 naming the holder and the remedy, and leaves the holder serving', async () => {
    const exit = await startExpectingExit({ DATA_DIR: holder.dataDir! });
    expect(exit.code).toBe(1);
    expect(exit.output).toMatch(
      /DATA_DIR .* is held by process (\d+) \(a running server of this service \(port \d+\)\).*stop that process first \(kill \1\), or start this one with a DATA_DIR of its own .*DATABASE_URL/,
    );
    expect(exit.answers).toEqual([]);
    expect((await fetch(`${holder.baseUrl}/api/heartbeat`)).status).toBe(200);
  }, 90_000);

  // Issue 35 part 6: `npm run up` runs the preflight before the build, so each of these costs seconds, not a build.
  it('the preflight says each of these in one line before anything is built, exit 1', async () => {
    const preflight = async (env: Record<string, string>) => {
      const child = spawn(process.execPath, ['scripts/preflight.mjs'], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: tempDir(), PORT: String(await freePort()), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      // A machine Node other than 24 adds its own warning line; the refusal is the last line.
      return {
        code,
        lines: output
          .trim()
          .split('\n')
          .filter((line) => !line.startsWith('Running on Node')),
      };
    };
    const cases: [Record<string, string>, RegExp][] = [
      [{ APP_ENV: 'production', APP_SECRET: '' }, /^Invalid configuration: APP_SECRET is required when APP_ENV=production: .*openssl rand -hex 32/],
      [{ APP_ENV: 'production', APP_SECRET: 'too-short' }, /^Invalid configuration: APP_SECRET: it has 9 characters and needs at least 16: /],
      [{ ACCESS_TOKEN_TTL_SECONDS: 'abc' }, /^Invalid configuration: ACCESS_TOKEN_TTL_SECONDS: "abc" is not a whole number: /],
      [{ DATA_DIR: path.resolve(holder.dataDir!) }, /^DATA_DIR .* is held by process \d+ .*stop that process first/],
    ];
    for (const [env, expected] of cases) {
      const result = await preflight(env);
      expect(result.code, JSON.stringify(env)).toBe(1);
      expect(result.lines, JSON.stringify(env)).toEqual([expect.stringMatching(expected)]);
    }
    expect((await preflight({})).code).toBe(0);
  }, 90_000);

  // Issue 23 part 5: configuration errors name the variable and the fix, in one line, with exit 1.
  it('a DATABASE_URL that is not a PostgreSQL URL, or where nothing listens: exits 1 naming DATABASE_URL and what to check', async () => {
    const malformed = await startExpectingExit({ DATABASE_URL: 'localhost:5432/fds' });
    expect(malformed.code).toBe(1);
    expect(malformed.output).toMatch(/DATABASE_URL: not a PostgreSQL URL: write it as postgres:\/\/user:password@host:5432\/database/);
    const closed = await startExpectingExit({ DATABASE_URL: `postgres://fds:secret-password@127.0.0.1:${await freePort()}/fds` });
    expect(closed.code).toBe(1);
    expect(closed.output).toMatch(
      /DATABASE_URL: cannot connect to the database .*fds.* on 127\.0\.0\.1:\d+ \(ECONNREFUSED\): check that PostgreSQL is running/,
    );
    expect(closed.output).not.toContain('secret-password');
    expect(closed.answers).toEqual([]);
  }, 120_000);

  // Contract §15: eFTI partly set stops the server, naming what is missing.
  it('eFTI partly configured: exits 1 naming the missing settings, never answers', async () => {
    const exit = await startExpectingExit({ EFTI_GATE_URL: 'http://127.0.0.1:9/gate', EFTI_GATE_ID: 'borduria', DATA_DIR: tempDir() });
    expect(exit.code).toBe(1);
    expect(exit.output).toMatch(/eFTI is partly configured, missing EFTI_PLATFORM_ID, EFTI_INBOUND_USERNAME and EFTI_INBOUND_PASSWORD/);
    expect(exit.answers).toEqual([]);
  }, 90_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'a database that does not exist on the server: exits 1 saying to create it',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/fds_missing_${process.pid}`;
      const exit = await startExpectingExit({ DATABASE_URL: url.toString() });
      expect(exit.code).toBe(1);
      expect(exit.output).toMatch(/DATABASE_URL: the database .*fds_missing_\d+.* does not exist: create it/);
    },
    90_000,
  );

  it('a PORT in use: `npm start` says which port and how to pick another before starting anything, exit 1', async () => {
    const busy = new URL(holder.baseUrl).port;
    const child = spawn('npm', ['run', '--silent', 'start'], { cwd: REPO_ROOT, env: { ...process.env, PORT: busy }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^PORT ${busy} is already in use .*pick another port, e\\.g\\. PORT=\\d+ npm run up`)),
    ]);
    expect((await fetch(`${holder.baseUrl}/api/heartbeat`)).status).toBe(200);
  }, 60_000);

  it('the admin command says which database it wrote to, and names DATABASE_URL when it cannot reach it', async () => {
    const admin = (env: Record<string, string>) => new Driver({ baseUrl: '', mailDir: '', adminEnv: env });
    const viaServer = await admin(holder.adminEnv).admin(['client:create', '--name', 'Via the server']);
    expect(viaServer.code, viaServer.stderr).toBe(0);
    expect(viaServer.stderr.trim()).toBe(
      `admin: wrote to the embedded database in ${path.resolve(holder.dataDir!)} (DATA_DIR) through the server on port ${new URL(holder.baseUrl).port}`,
    );

    const fresh = tempDir();
    const created = await admin({ DATA_DIR: fresh, DATABASE_URL: '' }).admin(['client:create', '--name', 'Fresh']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr.trim()).toMatch(
      new RegExp(`^admin: created a new embedded database in ${fresh.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(DATA_DIR\\).*run the command with the same$`),
    );
    const again = await admin({ DATA_DIR: fresh, DATABASE_URL: '' }).admin(['client:create', '--name', 'Again']);
    expect(again.stderr.trim()).toBe(`admin: wrote to the embedded database in ${fresh} (DATA_DIR)`);

    const unreachable = await admin({ DATABASE_URL: `postgres://fds@127.0.0.1:${await freePort()}/fds`, DATA_DIR: '' }).admin(['client:create', '--name', 'X']);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr.trim().split('\n')).toHaveLength(1);
    expect(unreachable.json.error).toMatch(/^DATABASE_URL: cannot connect to the database .* check that PostgreSQL is running/);
  }, 120_000);
});
