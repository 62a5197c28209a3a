import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { queryRows } from '@/server/db/rows';
import { JOB_KINDS, type JobKindName, type JobPayload } from './kinds';

/** Workers LISTEN here; a NOTIFY in the enqueuing transaction is delivered when it commits, to every instance. */
export const JOBS_CHANNEL = 'fds_jobs';

/**
 * Queues a job inside the caller's transaction: it exists exactly when the change that caused it does, and
 * every worker (in this process or another instance) is woken when that transaction commits.
 */
export async function enqueue<K extends JobKindName>(db: DbOrTx, kind: K, payload: JobPayload<K>, options: { runAt?: Date } = {}) {
  await db.execute(enqueueStatement(kind, payload, options));
}

/**
 * The statement that queues a job: the row and the wake-up in one (pg_notify in its RETURNING), so that it can also
 * ride in another statement as a data-modifying CTE (batchWrites), which PostgreSQL runs to completion either way.
 */
export function enqueueStatement<K extends JobKindName>(kind: K, payload: JobPayload<K>, options: { runAt?: Date } = {}): SQL {
  const definition = JOB_KINDS[kind];
  const parsed = definition.payload.parse(payload) as Record<string, unknown>;
  const runAt = (options.runAt ?? new Date()).toISOString();
  return sql`insert into ${jobs} (kind, payload, run_at, max_attempts)
    values (${kind}, ${JSON.stringify(parsed)}::jsonb, ${runAt}::timestamptz, ${definition.maxAttempts})
    returning id, pg_notify(${JOBS_CHANNEL}, ${kind})`;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

/**
 * Claim one due job, reserved for its kind's lease (`leaseMs`; unknown kinds get the longest). SKIP LOCKED lets
 * any number of instances poll one table without taking a job twice.
 */
export async function claimNextJob(db: DbOrTx, leaseMs: Record<string, number>): Promise<ClaimedJob | undefined> {
  const longest = Math.max(...Object.values(leaseMs));
  const seconds = sql`case kind ${sql.join(
    Object.entries(leaseMs).map(([kind, ms]) => sql`when ${kind} then ${ms / 1000}::float8 `),
    sql``,
  )}else ${longest / 1000}::float8 end`;
  const rows = await queryRows(
    db,
    sql`
    update jobs set attempts = attempts + 1, locked_until = now() + make_interval(secs => ${seconds})
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
  return { id: Number(row.id), kind: String(row.kind), payload: row.payload, attempts: Number(row.attempts), maxAttempts: Number(row.max_attempts) };
}

export async function completeJob(db: DbOrTx, id: number) {
  await db.execute(sql`update jobs set completed_at = now(), locked_until = null where id = ${id}`);
}

/** A failed attempt is retried after the kind's next delay; after the last attempt the job is marked failed. */
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

/** Finished jobs are history, not state: removed after the retention period. Returns how many went. */
export async function removeFinishedJobs(db: DbOrTx, retentionHours: number): Promise<number> {
  const removed = await queryRows(
    db,
    sql`delete from jobs where coalesce(completed_at, failed_at) < now() - make_interval(hours => ${retentionHours}) returning id`,
  );
  return removed.length;
}

export interface QueueFigure {
  kind: string;
  state: 'due' | 'running' | 'scheduled';
  count: number;
  /** Seconds the oldest job in this state has been due (due jobs only; 0 otherwise). */
  oldestDueSeconds: number;
}

/** Unfinished jobs by kind and state, for the metrics: one query over the pending index, at scrape time only. */
export async function queueFigures(db: DbOrTx): Promise<QueueFigure[]> {
  const rows = await queryRows(
    db,
    sql`
    select kind, state, count(*)::int as count, coalesce(extract(epoch from now() - min(run_at)), 0)::float8 as oldest
    from (
      select kind, run_at,
        case when locked_until >= now() then 'running' when run_at > now() then 'scheduled' else 'due' end as state
      from jobs where completed_at is null and failed_at is null
    ) pending
    group by kind, state`,
  );
  return rows.map((row) => ({
    kind: String(row.kind),
    state: row.state as QueueFigure['state'],
    count: Number(row.count),
    oldestDueSeconds: row.state === 'due' ? Number(row.oldest) : 0,
  }));
}

/**
 * A job whose worker is stopping gives its lease back and is due at once, so another instance takes it up
 * without waiting for the lease to run out. The attempt it started still counts (a webhook attempt may have
 * reached its receiver); after the last one the job is failed as usual.
 */
export async function releaseJob(db: DbOrTx, job: ClaimedJob, reason: string) {
  if (job.attempts >= job.maxAttempts) {
    await db.execute(sql`update jobs set failed_at = now(), locked_until = null, last_error = ${reason} where id = ${job.id}`);
    return;
  }
  await db.execute(sql`update jobs set run_at = now(), locked_until = null, last_error = ${reason} where id = ${job.id}`);
}
