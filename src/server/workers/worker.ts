import type { AppConfig } from '@/server/config/env';
import type { Database } from '@/server/db/client';
import { jobHandlers, type JobHandlers } from './handlers';
import { JOB_KINDS, kindsOfPool, leaseMsByKind, type JobKindName, type JobPool } from '@/server/jobs/kinds';
import { rootLogger } from '@/server/observability/logger';
import { metrics } from '@/server/observability/metrics';
import { removeExpiredOperationalRows } from '@/server/services/operations/remove-expired';
import { claimNextJob, completeJob, enqueue, failJob, JOBS_CHANNEL, releaseJob, removeFinishedJobs, type ClaimedJob } from '@/server/jobs/queue';

export interface WorkerOptions {
  db: Database;
  config: AppConfig;
  /** Subscribes to the database's job notifications (LISTEN); returns the unsubscribe. */
  listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  handlers?: JobHandlers;
  log?: (message: string) => void;
}

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** A pool's other loops look for work this many poll intervals apart when nothing wakes them. */
const IDLE_LOOP_POLL_FACTOR = 20;

class JobTimeout extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
  }
}

/**
 * Runs queued jobs inside the server process until stopped: drains every due job, then sleeps until the poll
 * interval passes or a job is enqueued anywhere (NOTIFY). Delivery is at-least-once: a job whose worker died
 * is claimed again when its lease runs out, so handlers must be idempotent.
 */
export function startJobWorker(options: WorkerOptions): { stop: (graceMs?: number) => Promise<void> } {
  const { db, config } = options;
  const handlers = options.handlers ?? jobHandlers;
  const log = options.log ?? ((message: string) => rootLogger.warn({ component: 'jobs' }, message));
  const leaseMs = leaseMsByKind(config);
  // `stopRequested` ends the loops after the jobs in hand; `abortAttempts` also tells those jobs to give up.
  let stopRequested = false;
  const abortAttempts = new AbortController();
  let lastCleanup = 0;
  // Loops claim and run jobs side by side, so one slow job does not hold up the others: JOB_CONCURRENCY loops for
  // e-mail and the rest, WEBHOOK_CONCURRENCY for webhook deliveries (issue 20: receivers that never answered held
  // every shared loop, so one account's test events delayed another account's webhooks and everyone's e-mail).
  // A notification that arrives while a loop runs jobs must not be lost: each loop remembers it until it sleeps.
  // One sleeping loop per pool polls (issue 24: eight loops polling twice a second sent sixteen claims a second to an
  // idle database); the others sleep until a NOTIFY, or until a loop of their pool finds work the poll turned up (a
  // retry come due, a lapsed lease), and look again now and then in case a wake-up was missed.
  const newSlot = (pool: JobPool) => ({ pool, kinds: kindsOfPool(pool), notified: false, wake: undefined as (() => void) | undefined });
  const pollingPools = new Set<JobPool>();
  // One account's webhook subscriptions hold at most this many webhook loops (on every instance together).
  const laneGroupLimit = config.WEBHOOK_CONCURRENCY_PER_ACCOUNT;
  // Contract §11 (issue 32, decision 0042): the last WEBHOOK_RESERVED_LOOPS webhook loops of this instance take only
  // deliveries of accounts with none in flight, so accounts whose receivers hang never hold every loop (two such
  // accounts at the cap held all four) and another account's due delivery goes out at once. One loop serves anyone.
  const reservedLoops: Record<JobPool, number> = {
    general: 0,
    webhooks: Math.min(config.WEBHOOK_RESERVED_LOOPS, config.WEBHOOK_CONCURRENCY - 1),
  };
  const loopsOf: Record<JobPool, number> = { general: config.JOB_CONCURRENCY, webhooks: config.WEBHOOK_CONCURRENCY };
  // Loops of each pool running a job now. A pool's claims take turns (`claimTurn`), each reading this count when its
  // turn comes: loops woken together by one NOTIFY could otherwise all decide before any claimed, and the reserved
  // loop's claim, run first, take a hanging account's first delivery while the others then took its second.
  const running: Record<JobPool, number> = { general: 0, webhooks: 0 };
  const claimTurn: Record<JobPool, Promise<unknown>> = { general: Promise.resolve(), webhooks: Promise.resolve() };
  const claimInTurn = (pool: JobPool, kinds: readonly string[]): Promise<ClaimedJob | undefined> => {
    const claim = claimTurn[pool].then(async () => {
      // Would this claim leave fewer free loops than are reserved? Then only a group with nothing in flight may have it.
      const reserveOnly = running[pool] + 1 > loopsOf[pool] - reservedLoops[pool];
      const job = await claimNextJob(db, leaseMs, kinds, reserveOnly ? 1 : laneGroupLimit);
      if (job) running[pool] += 1;
      return job;
    });
    claimTurn[pool] = claim.catch(() => undefined);
    return claim;
  };
  const slots = [
    ...Array.from({ length: config.JOB_CONCURRENCY }, () => newSlot('general')),
    ...Array.from({ length: config.WEBHOOK_CONCURRENCY }, () => newSlot('webhooks')),
  ];
  const wakeSlots = (pool?: JobPool) => {
    for (const slot of slots) {
      if (pool && slot.pool !== pool) continue;
      slot.notified = true;
      slot.wake?.();
    }
  };
  const onNotify = () => wakeSlots();

  async function runOne(pool: JobPool, kinds: readonly string[], onClaimed?: () => void): Promise<boolean> {
    const job = await claimInTurn(pool, kinds);
    if (!job) return false;
    try {
      onClaimed?.();
      await runClaimed(job);
      return true;
    } finally {
      running[pool] -= 1;
    }
  }

  async function runClaimed(job: ClaimedJob): Promise<void> {
    const definition = JOB_KINDS[job.kind as JobKindName];
    try {
      if (!definition) throw new Error(`no such job kind: ${job.kind}`);
      await runWithTimeout(job, definition.timeoutMs(config));
      await completeJob(db, job.id);
      metrics().jobRuns.inc({ kind: job.kind, outcome: 'completed' });
    } catch (error) {
      // First line only: transport errors can quote addresses or payloads further down.
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      if (abortAttempts.signal.aborted) {
        // Told to give up because this server is stopping: not the job's failure. Another instance runs it now.
        log(`job ${job.id} (${job.kind}) attempt ${job.attempts} released at shutdown: ${message}`);
        await releaseJob(db, job, `released at shutdown: ${message}`.slice(0, 500));
        metrics().jobRuns.inc({ kind: job.kind, outcome: 'released' });
        return;
      }
      log(`job ${job.id} (${job.kind}) attempt ${job.attempts} failed: ${message}`);
      await failJob(db, job, message.slice(0, 500), definition?.retryDelaysMs(config) ?? []);
      metrics().jobRuns.inc({ kind: job.kind, outcome: 'failed' });
    }
  }

  async function runWithTimeout(job: ClaimedJob, timeoutMs: number) {
    const kind = job.kind as JobKindName;
    const payload = JOB_KINDS[kind].payload.parse(job.payload);
    const attempt = new AbortController();
    const onStop = () => attempt.abort(abortAttempts.signal.reason);
    abortAttempts.signal.addEventListener('abort', onStop);
    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = handlers[kind] as (payload: unknown, context: Parameters<JobHandlers[JobKindName]>[1]) => Promise<void>;
      await Promise.race([
        handler(payload, { db, config, signal: attempt.signal, attempt: job.attempts }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            const timeout = new JobTimeout(timeoutMs);
            attempt.abort(timeout);
            reject(timeout);
          }, timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      abortAttempts.signal.removeEventListener('abort', onStop);
    }
  }

  async function cleanUp() {
    if (Date.now() - lastCleanup < CLEANUP_INTERVAL_MS) return;
    lastCleanup = Date.now();
    const removed = await removeFinishedJobs(db, config.JOB_RETENTION_HOURS);
    if (removed > 0) log(`removed ${removed} finished jobs older than ${config.JOB_RETENTION_HOURS} h`);
    await removeExpiredOperationalRows(db, config);
    await enqueue(db, 'blobs.sweep', {}, { lane: 'blobs.sweep' });
  }

  const unlisten = options.listen?.(JOBS_CHANNEL, onNotify).catch((error: unknown) => {
    log(`job worker: no notifications, polling only (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  });

  const runSlot = async (slot: (typeof slots)[number], index: number) => {
    while (!stopRequested) {
      slot.notified = false;
      try {
        if (index === 0) await cleanUp();
        // The first job found after a sleep may not be alone: the pool's sleeping loops look too, while this one runs it.
        let othersWoken = false;
        const wakeOthers = () => {
          if (!othersWoken) wakeSlots(slot.pool);
          othersWoken = true;
        };
        while (!stopRequested && (await runOne(slot.pool, slot.kinds, wakeOthers)));
      } catch (error) {
        log(`job worker error: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (stopRequested || slot.notified) continue;
      const polls = !pollingPools.has(slot.pool);
      if (polls) pollingPools.add(slot.pool);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, config.JOB_POLL_INTERVAL_MS * (polls ? 1 : IDLE_LOOP_POLL_FACTOR));
        slot.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      slot.wake = undefined;
      if (polls) pollingPools.delete(slot.pool);
    }
  };
  const loop = Promise.all(slots.map(runSlot)).then(() => undefined);

  return {
    /**
     * Stops claiming, lets the job in hand finish for up to `graceMs`, then tells it to give up; a job that
     * does not finish keeps its lease and is taken up again by another worker after it runs out.
     */
    stop: async (graceMs = 10_000) => {
      stopRequested = true;
      for (const slot of slots) slot.wake?.();
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([loop.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)))]);
      clearTimeout(timer);
      if (!finished) {
        abortAttempts.abort(new Error('worker stopping'));
        await loop;
      }
      await (
        await unlisten
      )?.();
    },
  };
}
