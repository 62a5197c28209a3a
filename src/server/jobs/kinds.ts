import { z } from 'zod';
import type { AppConfig } from '@/server/config/env';

/** One kind of background job: its payload, how often and how long it may run. */
export interface JobKind<TPayload> {
  kind: string;
  payload: z.ZodType<TPayload>;
  maxAttempts: number;
  /** Delay before attempt n+1 after attempt n failed (the last value repeats). */
  retryDelaysMs: (config: AppConfig) => number[];
  /** An attempt still running after this long counts as failed (and is told so through its AbortSignal). */
  timeoutMs: number;
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
    timeoutMs: 30_000,
  }),
};

export type JobKindName = keyof typeof JOB_KINDS;
export type JobPayload<K extends JobKindName> = z.infer<(typeof JOB_KINDS)[K]['payload']>;

/**
 * How long a claimed job stays reserved: longer than any attempt may take, so a live worker never loses its
 * job to another; a dead worker's job is taken up again once the lease runs out (at-least-once).
 */
export const LEASE_MS = Math.max(...Object.values(JOB_KINDS).map((kind) => kind.timeoutMs)) + 30_000;
