import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { queryRows } from '@/server/db/rows';

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

const wakeListeners = new Set<() => void>();

/** Queue a job inside the caller's transaction: it exists exactly when the change that caused it does. */
export async function enqueueJob(db: DbOrTx, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}) {
  await db.insert(jobs).values({
    kind,
    payload,
    runAt: options.runAt ?? new Date(),
    maxAttempts: options.maxAttempts ?? 3,
  });
  // Workers in this process look sooner than their poll interval; others find the row on their next poll.
  queueMicrotask(() => wakeListeners.forEach((wake) => wake()));
}

export function onJobEnqueued(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

/** Claim one due job. SKIP LOCKED lets any number of instances poll one table without taking a job twice. */
export async function claimNextJob(db: DbOrTx, leaseSeconds = 60): Promise<ClaimedJob | undefined> {
  const rows = await queryRows(
    db,
    sql`
    update jobs set attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseSeconds})
    where id = (
      select id from jobs
      where completed_at is null and failed_at is null and run_at <= now()
        and (locked_until is null or locked_until < now())
      order by run_at, id
      limit 1
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    kind: String(row.kind),
    payload: row.payload as Record<string, unknown>,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
  };
}

export async function completeJob(db: DbOrTx, id: number) {
  await db.execute(sql`update jobs set completed_at = now(), locked_until = null where id = ${id}`);
}

/** A failed attempt is retried after the next delay; after the last attempt the job is marked failed. */
export async function failJob(db: DbOrTx, job: ClaimedJob, error: string, retryDelaysMs: number[]) {
  if (job.attempts >= job.maxAttempts) {
    await db.execute(sql`update jobs set failed_at = now(), locked_until = null, last_error = ${error} where id = ${job.id}`);
    return;
  }
  const delay = retryDelaysMs[Math.min(job.attempts - 1, retryDelaysMs.length - 1)] ?? 30_000;
  await db.execute(sql`
    update jobs set run_at = now() + make_interval(secs => ${delay / 1000}), locked_until = null, last_error = ${error}
    where id = ${job.id}`);
}
