import { z } from 'zod';
import type { AppConfig } from '@/server/config/env';
import type { Database } from '@/server/db/client';

/** One kind of background job: its payload, how often and how long it may run. */
export interface JobKind<TPayload> {
  kind: string;
  payload: z.ZodType<TPayload>;
  maxAttempts: number;
  /** Delay before attempt n+1 after attempt n failed (the last value repeats). */
  retryDelaysMs: (config: AppConfig) => number[];
  /** An attempt still running after this long counts as failed (and is told so through its AbortSignal). */
  timeoutMs: (config: Pick<AppConfig, 'WEBHOOK_TIMEOUT_MS'>) => number;
  /**
   * Which workers run it (issue 20): webhook deliveries have loops of their own (WEBHOOK_CONCURRENCY), so receivers
   * that never answer cannot hold up the e-mail, which the other loops (JOB_CONCURRENCY) run.
   */
  pool: JobPool;
}

export type JobPool = 'general' | 'webhooks';

/**
 * What a job's handler is given besides its payload. Declared here, beside the kinds, rather than in handlers.ts:
 * the handlers (mail/send-mail-job, webhooks/deliver-job, …) need the type and handlers.ts needs them, which made a
 * type cycle (issue 33).
 */
export interface JobContext {
  db: Database;
  config: AppConfig;
  /** Aborted when the attempt times out or the worker stops: handlers pass it on to their I/O. */
  signal: AbortSignal;
  attempt: number;
}

function jobKind<TPayload>(definition: JobKind<TPayload>): JobKind<TPayload> {
  return definition;
}

/**
 * The registry of job kinds. A kind is added here with its payload schema and policy, and gets its handler in
 * handlers.ts, where the compiler insists that every kind has one.
 */
export const JOB_KINDS = {
  'mail.send': jobKind({
    kind: 'mail.send',
    payload: z.object({ mailId: z.string() }),
    maxAttempts: 5,
    retryDelaysMs: () => [10_000, 60_000, 300_000, 900_000],
    timeoutMs: () => 30_000,
    pool: 'general',
  }),
  /** A password reset request (issue 20): looked up here, so the request answers alike for every address. */
  'password-reset.mail': jobKind({
    kind: 'password-reset.mail',
    payload: z.object({ emailSealed: z.string() }),
    maxAttempts: 3,
    retryDelaysMs: () => [10_000, 60_000],
    timeoutMs: () => 30_000,
    pool: 'general',
  }),
  /**
   * One webhook delivery (contract §11): 3 attempts at the configured delays. The request itself gives up after
   * WEBHOOK_TIMEOUT_MS, 10 s (webhooks/post-webhook.ts); the job's own timeout leaves room for the records around it.
   */
  /** The orphan blob sweep (issue 37), queued by every worker's hourly clean-up; its lane runs one at a time. */
  'blobs.sweep': jobKind({
    kind: 'blobs.sweep',
    payload: z.object({}),
    maxAttempts: 3,
    retryDelaysMs: () => [60_000, 600_000],
    timeoutMs: () => 10 * 60_000,
    pool: 'general',
  }),
  'webhook.deliver': jobKind({
    kind: 'webhook.deliver',
    payload: z.object({ deliveryId: z.string() }),
    maxAttempts: 3,
    retryDelaysMs: (config) => config.WEBHOOK_RETRY_DELAYS_MS,
    timeoutMs: (config) => config.WEBHOOK_TIMEOUT_MS + 5_000,
    pool: 'webhooks',
  }),
  /**
   * One attempt of an identifier upload to the eFTI gate (contract §15): one retry per EFTI_RETRY_DELAYS_MS (the job's
   * attempts are set when it is queued). The request gives up after 30 s; the job's timeout leaves room for the records.
   * One document's uploads run in order (a lane per document) and at most WEBHOOK_CONCURRENCY_PER_ACCOUNT at once
   * (their lane group), so a gate that does not answer holds that many general loops, never all of them.
   */
  'efti.upload': jobKind({
    kind: 'efti.upload',
    payload: z.object({ uploadId: z.string() }),
    maxAttempts: 4,
    retryDelaysMs: (config) => config.EFTI_RETRY_DELAYS_MS,
    timeoutMs: () => 40_000,
    pool: 'general',
  }),
};

export type JobKindName = keyof typeof JOB_KINDS;
export type JobPayload<K extends JobKindName> = z.infer<(typeof JOB_KINDS)[K]['payload']>;

/**
 * How long a claimed job of each kind stays reserved: longer than any attempt of it may take, so a live worker
 * never loses its job to another; a dead worker's job is taken up again once the lease runs out
 * (at-least-once). The grace (JOB_LEASE_GRACE_MS) covers the writes after an attempt times out.
 */
export function leaseMsByKind(config: Pick<AppConfig, 'JOB_LEASE_GRACE_MS' | 'WEBHOOK_TIMEOUT_MS'>): Record<JobKindName, number> {
  return Object.fromEntries(Object.values(JOB_KINDS).map((kind) => [kind.kind, kind.timeoutMs(config) + config.JOB_LEASE_GRACE_MS])) as Record<
    JobKindName,
    number
  >;
}

/** The kinds each pool's loops claim. */
export function kindsOfPool(pool: JobPool): JobKindName[] {
  return Object.values(JOB_KINDS)
    .filter((kind) => kind.pool === pool)
    .map((kind) => kind.kind as JobKindName);
}

/** Every job kind's name, so that metrics show a 0 for a kind with nothing pending. */
export const JOB_KIND_NAMES = Object.keys(JOB_KINDS) as JobKindName[];
