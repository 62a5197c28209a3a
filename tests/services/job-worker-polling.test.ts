/**
 * The job worker's idle cost (issue 24): one sleeping loop per pool polls, not every loop; a job found by that poll
 * (no NOTIFY: a retry come due, or a database without LISTEN) still runs at once, and jobs found together are run side
 * by side by the pool's other loops, woken by the one that found them.
 */
import type { Logger } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getConfig } from '@/server/config/env';
import { enqueue } from '@/server/jobs/queue';
import { jobHandlers, type JobHandlers } from '@/server/workers/handlers';
import { startJobWorker } from '@/server/workers/worker';
import { openTestDatabase, type TestDatabase } from './harness';

const POLL_MS = 50;
let claims = 0;
const countClaims: Logger = { logQuery: (query) => void (/\bwith candidate as\b/.test(query) && (claims += 1)) };
let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase('pglite', { logger: countClaims });
}, 120_000);
afterAll(async () => database?.dispose());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('polls once per pool and interval while idle, and runs what the poll finds side by side', async () => {
  const config = { ...getConfig(), JOB_POLL_INTERVAL_MS: POLL_MS, JOB_CONCURRENCY: 4, WEBHOOK_CONCURRENCY: 4 };
  const running = new Set<string>();
  let mostAtOnce = 0;
  const ran: string[] = [];
  const handlers: JobHandlers = {
    ...jobHandlers,
    'mail.send': async ({ mailId }) => {
      running.add(mailId);
      mostAtOnce = Math.max(mostAtOnce, running.size);
      await sleep(300);
      running.delete(mailId);
      ran.push(mailId);
    },
  };
  // No `listen`: the worker learns of jobs by polling only.
  const worker = startJobWorker({ db: database.handle.db, config, handlers, log: () => {} });
  try {
    await sleep(200);
    claims = 0;
    await sleep(1_000);
    const idleClaims = claims;
    // Two pools polling every 50 ms make about 40 claims a second; eight loops each polling made about 160.
    console.log(`idle claims in 1 s with 8 loops in 2 pools, polled every ${POLL_MS} ms: ${idleClaims}`);
    expect(idleClaims).toBeGreaterThan(10);
    expect(idleClaims).toBeLessThanOrEqual(60);

    const queuedAt = Date.now();
    // Queued together (one commit), so that one poll finds all three.
    await database.handle.db.transaction(async (tx) => {
      for (const mailId of ['m1', 'm2', 'm3']) await enqueue(tx, 'mail.send', { mailId });
    });
    await expect.poll(() => ran.length, { timeout: 5_000, interval: 20 }).toBe(3);
    // Found by one poll, run by three loops at once: about one job's time, not three.
    expect(mostAtOnce).toBe(3);
    expect(Date.now() - queuedAt).toBeLessThan(900);
  } finally {
    await worker.stop(1_000);
  }
});
