import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { queryRows } from '@/server/db/rows';
import { JOB_KINDS, type JobKindName, type JobPayload } from './kinds';

/** Workers LISTEN here; a NOTIFY in the enqueuing transaction is delivered when it commits, to every instance. */
export const JOBS_CHANNEL = 'fds_jobs';

/**
 * Queues a job inside the caller's transaction: it exists exactly when the change that caused it does, and
 * every worker (in this process or another instance) is woken when that transaction commits. Jobs given the same
 * `lane` run one at a time (a webhook subscription's deliveries: a receiver that never answers holds one worker).
 */
export async function enqueue<K extends JobKindName>(db: DbOrTx, kind: K, payload: JobPayload<K>, options: EnqueueOptions = {}) {
  await db.execute(enqueueStatement(kind, payload, options));
}

export interface EnqueueOptions {
  runAt?: Date;
  /** Jobs of one lane run one at a time (a webhook subscription's deliveries). */
  lane?: string;
  /** Lanes of one group (an account's subscriptions) share a cap of workers at once. */
  laneGroup?: string;
  /** Attempts of this job, when its kind's depend on the configuration (one per eFTI retry delay, and the first). */
  maxAttempts?: number;
}

/**
 * The statement that queues a job: the row and the wake-up in one (pg_notify in its RETURNING), so that it can also
 * ride in another statement as a data-modifying CTE (batchWrites), which PostgreSQL runs to completion either way.
 */
export function enqueueStatement<K extends JobKindName>(kind: K, payload: JobPayload<K>, options: EnqueueOptions = {}): SQL {
  const definition = JOB_KINDS[kind];
  const parsed = definition.payload.parse(payload) as Record<string, unknown>;
  const runAt = (options.runAt ?? new Date()).toISOString();
  return sql`insert into ${jobs} (kind, payload, run_at, max_attempts, lane, lane_group)
    values (${kind}, ${JSON.stringify(parsed)}::jsonb, ${runAt}::timestamptz, ${options.maxAttempts ?? definition.maxAttempts}, ${options.lane ?? null}, ${options.laneGroup ?? null})
    returning id, pg_notify(${JOBS_CHANNEL}, ${kind})`;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

/** How often a claim that lost its lane to a racing worker is tried again before the loop sleeps. */
const LANE_RACE_RETRIES = 3;

/**
 * Claim one due job of `kinds`, reserved for its kind's lease (`leaseMs`; unknown kinds get the longest). SKIP
 * LOCKED lets any number of instances poll one table without taking a job twice. A job of a busy lane is passed
 * over (so the next lane's job is taken instead of waiting behind it); a job with a lane takes the lane in the
 * same statement, and is not claimed when a racing worker took that lane first (then the claim is tried again).
 *
 * Fairness across a lane's group (a subscription's account, contract §11, decision 0042): a group has at most
 * `laneGroupLimit` lanes busy, and the job taken is one of the group with the fewest lanes busy now, the oldest
 * due first among those. So a due job of an account with nothing in flight goes before every backlog of accounts
 * with deliveries in flight, however old; it waits only for a free loop. Claims of one set of kinds run one at a
 * time (a transaction-scoped advisory lock, then a snapshot that sees every claim before it), so the counts they
 * read are exact on every instance: two claims at the same moment cannot both take a group's last place.
 */
export async function claimNextJob(
  db: DbOrTx,
  leaseMs: Record<string, number>,
  kinds: readonly string[],
  laneGroupLimit = Number.MAX_SAFE_INTEGER,
): Promise<ClaimedJob | undefined> {
  const longest = Math.max(...Object.values(leaseMs));
  const seconds = sql`case kind ${sql.join(
    Object.entries(leaseMs).map(([kind, ms]) => sql`when ${kind} then ${ms / 1000}::float8 `),
    sql``,
  )}else ${longest / 1000}::float8 end`;
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const claimLock = `fds-jobs-claim:${[...kinds].sort().join(',')}`;
  for (let attempt = 0; attempt <= LANE_RACE_RETRIES; attempt++) {
    const rows = await db.transaction(async (tx) => {
      // Held to the commit: the claim statement below takes its snapshot after the previous claim committed.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${claimLock}))`);
      return queryRows(
        tx,
        sql`
      with candidate as (
        select jobs.id, jobs.lane, jobs.lane_group, ${seconds} as lease from jobs
        cross join lateral (
          select count(*) as lanes from job_lanes busy
          where jobs.lane_group is not null and busy.lane_group = jobs.lane_group and busy.locked_until >= now()
        ) in_flight
        where completed_at is null and failed_at is null and run_at <= now()
          and (locked_until is null or locked_until < now())
          and kind in (${kindList})
          and (lane is null or not exists (select 1 from job_lanes busy where busy.lane = jobs.lane and busy.locked_until >= now()))
          -- A lane runs in order: a job waits for its lane's earlier due jobs, also one a racing claimer has locked
          -- (skip locked alone let a second claimer take a lane's second job while the first was being claimed).
          -- Asked as "the lane's first due job" so that it reads jobs_pending_lane_idx: as "no earlier job" the planner
          -- took the run_at index and scanned the backlog once per due job (830 ms a claim beside 2,000 jobs).
          and (lane is null or jobs.id = (select first.id from jobs first where first.lane = jobs.lane
            and first.completed_at is null and first.failed_at is null and first.run_at <= now()
            order by first.run_at, first.id limit 1))
          and in_flight.lanes < ${laneGroupLimit}
        order by in_flight.lanes, run_at, id
        limit 1
        for update of jobs skip locked
      ),
      taken as (
        insert into job_lanes (lane, job_id, lane_group, locked_until)
        select lane, id, lane_group, now() + make_interval(secs => lease) from candidate where lane is not null
        on conflict (lane) do update set job_id = excluded.job_id, lane_group = excluded.lane_group, locked_until = excluded.locked_until
        where job_lanes.locked_until < now()
        returning lane
      ),
      claimed as (
        update jobs set attempts = attempts + 1, locked_until = now() + make_interval(secs => candidate.lease)
        from candidate
        where jobs.id = candidate.id and (candidate.lane is null or exists (select 1 from taken))
        returning jobs.id, jobs.kind, jobs.payload, jobs.attempts, jobs.max_attempts
      )
      select candidate.id as candidate_id, claimed.* from candidate left join claimed on true`,
      );
    });
    const row = rows[0];
    if (!row) return undefined;
    // The candidate's lane was taken by another worker between our look and our insert: look again.
    if (row.id === null || row.id === undefined) continue;
    return { id: Number(row.id), kind: String(row.kind), payload: row.payload, attempts: Number(row.attempts), maxAttempts: Number(row.max_attempts) };
  }
  return undefined;
}

/** A finished (or given back) job frees its lane for the lane's next job. */
const freeLane = (id: number) => sql`delete from job_lanes where job_id = ${id}`;

export async function completeJob(db: DbOrTx, id: number) {
  await db.execute(sql`update jobs set completed_at = now(), locked_until = null where id = ${id}`);
  await db.execute(freeLane(id));
}

/** A failed attempt is retried after the kind's next delay; after the last attempt the job is marked failed. */
export async function failJob(db: DbOrTx, job: ClaimedJob, error: string, retryDelaysMs: number[]) {
  await db.execute(freeLane(job.id));
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
  // Lanes of workers that died: their leases ran out, and the next claim of the lane would overwrite them anyway.
  await db.execute(sql`delete from job_lanes where locked_until < now()`);
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
  await db.execute(freeLane(job.id));
  if (job.attempts >= job.maxAttempts) {
    await db.execute(sql`update jobs set failed_at = now(), locked_until = null, last_error = ${reason} where id = ${job.id}`);
    return;
  }
  await db.execute(sql`update jobs set run_at = now(), locked_until = null, last_error = ${reason} where id = ${job.id}`);
}
