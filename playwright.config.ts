import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { startSmtpSink } from './tests/support/smtp-sink';

/**
 * Playwright runs against the built application (`npx next build` first; the build is not part of the run)
 * on a fresh embedded database. The runner loads this file, then each worker loads it again: the port and
 * data directory are chosen once and handed to the workers through the environment.
 */
process.env.E2E_PORT ??= '3199';
if (!process.env.E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // Only the process that made the directory removes it, after the web server has been stopped.
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
// Mail really goes out, to an SMTP sink the runner starts: people read their activation links from their own
// mail, as they do in production (there is no mailbox to read while SMTP_URL is set; contract §3).
process.env.E2E_SMTP_PORT ??= String(Number(process.env.E2E_PORT) + 1);
if (!process.env.E2E_MAIL_DIR) {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-e2e-mail-'));
  process.env.E2E_MAIL_DIR = mailDir;
  void startSmtpSink(mailDir, Number(process.env.E2E_SMTP_PORT)).then((sink) => process.on('exit', () => void sink.close()));
  process.on('exit', () => fs.rmSync(mailDir, { recursive: true, force: true }));
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Two cores: the server and one browser are all this machine can drive steadily.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
  webServer: {
    command: `node node_modules/next/dist/bin/next start -p ${port}`,
    url: `${baseURL}/api/heartbeat`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM lets the server close the embedded database before the directory is removed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      APP_ENV: 'partner',
      // Empty means unset (see src/server/config/env.ts): embedded PGlite.
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      JOB_POLL_INTERVAL_MS: '100',
      // e2e/delegation.spec.ts subscribes a receiver on 127.0.0.1 (contract §11: refused unless allowed). No spec
      // here checks the refusal of private addresses; the integration tests do, on servers of their own.
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
