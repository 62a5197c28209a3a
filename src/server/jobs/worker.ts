import type { Database } from '@/server/db/client';
import { claimNextJob, completeJob, failJob, onJobEnqueued, type ClaimedJob } from './queue';

export type JobHandler = (job: ClaimedJob, db: Database) => Promise<void>;

export interface WorkerOptions {
  db: Database;
  handlers: Record<string, JobHandler>;
  pollIntervalMs: number;
  retryDelaysMs: number[];
  log?: (message: string) => void;
}

/**
 * Runs queued jobs inside the server process until stopped. It drains every due job, then sleeps until
 * the poll interval passes or a job is enqueued in this process.
 */
export function startJobWorker(options: WorkerOptions): { stop: () => Promise<void> } {
  const { db, handlers, pollIntervalMs, retryDelaysMs } = options;
  const log = options.log ?? ((message: string) => console.error(message));
  let stopped = false;
  let wake: (() => void) | undefined;
  const unsubscribe = onJobEnqueued(() => wake?.());

  async function runOne(): Promise<boolean> {
    const job = await claimNextJob(db);
    if (!job) return false;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job, db);
      await completeJob(db, job.id);
    } catch (error) {
      // First line only: transport errors can quote addresses or payloads further down.
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      log(`job ${job.id} (${job.kind}) attempt ${job.attempts} failed: ${message}`);
      await failJob(db, job, message.slice(0, 500), retryDelaysMs);
    }
    return true;
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        while (!stopped && (await runOne()));
      } catch (error) {
        log(`job worker error: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      wake?.();
      unsubscribe();
      await loop;
    },
  };
}
