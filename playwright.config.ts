import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { startSmtpSink } from './tests/support/smtp-sink';

/**
 * Playwright runs against the built application (`npx next build` first; the build is not part of the run), one
 * `next start` on a fresh embedded database per worker (E2E_WORKERS, default 2: the two cores are shared by two browsers
 * and two servers that mostly wait on each other). The runner loads this file, then each worker loads it again: the
 * ports and data directories are chosen once by the runner and handed to the workers through the environment; a
 * worker picks its own server by TEST_PARALLEL_INDEX, which Playwright sets in the worker's environment.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const firstPort = Number(process.env.E2E_FIRST_PORT ?? process.env.E2E_PORT ?? 3199);
process.env.E2E_FIRST_PORT = String(firstPort);
// Server i listens on firstPort + 2i; the one SMTP sink on firstPort + 2·WORKERS.
const ports = Array.from({ length: WORKERS }, (_, index) => firstPort + 2 * index);
if (!process.env.E2E_DATA_DIRS) {
  const dirs = ports.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'fds-e2e-')));
  process.env.E2E_DATA_DIRS = dirs.join(path.delimiter);
  // Only the process that made the directories removes them, after the web servers have been stopped.
  process.on('exit', () => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
}
const dataDirs = process.env.E2E_DATA_DIRS.split(path.delimiter);
// Mail really goes out, to an SMTP sink the runner starts: people read their activation links from their own
// mail, as they do in production (there is no mailbox to read while SMTP_URL is set; contract §3).
process.env.E2E_SMTP_PORT ??= String(firstPort + 2 * WORKERS);
if (!process.env.E2E_MAIL_DIR) {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-e2e-mail-'));
  process.env.E2E_MAIL_DIR = mailDir;
  void startSmtpSink(mailDir, Number(process.env.E2E_SMTP_PORT)).then((sink) => process.on('exit', () => void sink.close()));
  process.on('exit', () => fs.rmSync(mailDir, { recursive: true, force: true }));
}
// axe scans each route pattern once a run (e2e/support/test.ts): a worker claims a pattern by making its directory here.
if (!process.env.E2E_AXE_CLAIMS) {
  const claimsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-e2e-axe-'));
  process.env.E2E_AXE_CLAIMS = claimsDir;
  process.on('exit', () => fs.rmSync(claimsDir, { recursive: true, force: true }));
}
// One seed for the runner and its workers: the sampled language of e2e/i18n.spec.ts (tests/support/sampling.ts).
process.env.TEST_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
// In a worker: its own server (e2e/support/env.ts reads these). In the runner: the first, unused.
const workerIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
process.env.E2E_PORT = String(ports[workerIndex]);
process.env.E2E_DATA_DIR = dataDirs[workerIndex];
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // `npm test` keeps the JSON report for its summary of the slowest files (scripts/test-report.mjs).
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
    ...(process.env.TEST_REPORTS ? [['json', { outputFile: path.join(process.env.TEST_REPORTS, 'playwright.json') }] as const] : []),
  ],
  use: {
    baseURL,
    // A failed test keeps its trace: every action with its DOM snapshot (the trace viewer draws the page from it), the
    // network, the console and the source, plus the failure screenshot below. Without the trace's screencast: Chromium
    // filmed every page as JPEG frames for every test, passed or not, on the two shared cores (issue 18). Two spec files
    // on one worker, twice each (2026-11-26): 70 s and 61 s of wall time with it, 55 s and 53 s without.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Playwright cannot download browsers here: Debian's Chromium (see STACK.md).
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
        },
      },
    },
  ],
  webServer: ports.map((port, index) => ({
    // The Node that runs Playwright (the project's Node 24 from the `node` package under npm scripts and npx).
    command: `${JSON.stringify(process.execPath)} node_modules/next/dist/bin/next start -p ${port}`,
    url: `http://127.0.0.1:${port}/api/heartbeat`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM lets the server close the embedded database before the directory is removed.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: process.env.E2E_SERVER_LOG ? ('pipe' as const) : ('ignore' as const),
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDirs[index]!,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      APP_ENV: 'partner',
      // Empty means unset (see src/server/config/env.ts): embedded PGlite.
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      // No spec times a first PDF; the warm-up page would cost each server start a second of a core (src/server/boot.ts).
      PDF_WARM_UP: 'false',
      // JOB_POLL_INTERVAL_MS stays at its default (500 ms): a queued job (every mail, every webhook) wakes the worker
      // at once (NOTIFY), and no spec waits for a job that falls due later. Polling costs an idle server CPU on two
      // cores that the browsers and servers of the run keep busy (at 100 ms, with every one of the worker's 8 loops
      // polling as before issue 24's change to one loop per pool: about a tenth of a core).
      // e2e/delegation.spec.ts subscribes a receiver on 127.0.0.1 (contract §11: refused unless allowed). No spec
      // here checks the refusal of private addresses; the integration tests do, on servers of their own.
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      // Every browser of a run signs in from 127.0.0.1: the per-address limit of failed sign-ins (issue 20) is tested
      // by tests/integration/portal-unauthenticated.test.ts, not by the specs' wrong passwords adding up.
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  })),
});
