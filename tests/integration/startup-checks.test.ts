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
import { startOwnServer } from './driver';

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

  it('APP_ENV=production without APP_SECRET: exits 1 with the reason, never answers', async () => {
    const exit = await startExpectingExit({ APP_ENV: 'production', APP_SECRET: '', DATA_DIR: tempDir() });
    expect(exit.code).toBe(1);
    expect(exit.output).toContain('APP_SECRET is required when APP_ENV=production');
    expect(exit.answers).toEqual([]);
  }, 90_000);

  it('an APP_SECRET shorter than 16 characters, or a setting out of range: exits 1 naming it', async () => {
    const short = await startExpectingExit({ APP_ENV: 'production', APP_SECRET: 'too-short', DATA_DIR: tempDir() });
    expect(short.code).toBe(1);
    expect(short.output).toMatch(/APP_SECRET: .*16/);
    const port = await startExpectingExit({ RATE_LIMIT_WRITES_PER_ACCOUNT: '-1', DATA_DIR: tempDir() });
    expect(port.code).toBe(1);
    expect(port.output).toContain('RATE_LIMIT_WRITES_PER_ACCOUNT');
  }, 120_000);

  it('a DATA_DIR held by another running server: exits 1 naming the holder, and leaves the holder serving', async () => {
    const exit = await startExpectingExit({ DATA_DIR: holder.dataDir! });
    expect(exit.code).toBe(1);
    expect(exit.output).toMatch(/DATA_DIR .* is held by process \d+/);
    expect(exit.answers).toEqual([]);
    expect((await fetch(`${holder.baseUrl}/api/heartbeat`)).status).toBe(200);
  }, 90_000);
});
