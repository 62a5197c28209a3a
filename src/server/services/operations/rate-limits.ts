import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { rateLimitCounters } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { metrics } from '@/server/observability/metrics';
import type { ServiceContext } from '../context';

/** The limits of issue 13, each counted per window for one subject (a client system or an account). */
export type RateLimitName =
  | 'writes-per-account'
  | 'writes-per-client'
  | 'token-requests-per-client'
  | 'signups-per-client'
  | 'signups-per-ip'
  | 'password-resets-per-address'
  | 'password-resets-per-address-per-day'
  | 'response-codes-per-account'
  | 'webhook-manual-sends-per-account';

/** Contract §1: reset mails per address and day; §8's helper (issue 32): response codes per account and minute. */
const DAY_SECONDS = 86_400;
const RESPONSE_CODES_PER_MINUTE = 30;
const PASSWORD_RESETS_PER_DAY = 10;

export interface RateLimitRule {
  name: RateLimitName;
  /** Whom it counts: an account id, a client id, a client address or an e-mail address. */
  subject: string;
}

function limitOf(ctx: Pick<ServiceContext, 'config'>, name: RateLimitName): number {
  const config = ctx.config;
  switch (name) {
    case 'writes-per-account':
      return config.RATE_LIMIT_WRITES_PER_ACCOUNT;
    case 'writes-per-client':
      return config.RATE_LIMIT_WRITES_PER_CLIENT;
    case 'token-requests-per-client':
      return config.RATE_LIMIT_TOKEN_REQUESTS_PER_CLIENT;
    case 'signups-per-client':
      return config.RATE_LIMIT_SIGNUPS_PER_CLIENT;
    case 'signups-per-ip':
      return config.RATE_LIMIT_SIGNUPS_PER_IP;
    case 'password-resets-per-address':
      return config.RATE_LIMIT_PASSWORD_RESETS_PER_ADDRESS;
    case 'password-resets-per-address-per-day':
      return PASSWORD_RESETS_PER_DAY;
    case 'response-codes-per-account':
      return RESPONSE_CODES_PER_MINUTE;
    case 'webhook-manual-sends-per-account':
      return config.RATE_LIMIT_WEBHOOK_TESTS_PER_ACCOUNT;
  }
}

/** A rule's own window in seconds, or undefined for RATE_LIMIT_WINDOW_SECONDS. */
function windowOf(name: RateLimitName): number | undefined {
  if (name === 'password-resets-per-address-per-day') return DAY_SECONDS;
  if (name === 'response-codes-per-account') return 60;
  return undefined;
}

export interface WindowCount {
  key: string;
  /** The row's window; undefined is RATE_LIMIT_WINDOW_SECONDS. */
  windowSeconds?: number;
  /** How much this call adds (1 for a request; the number of mails for a mail budget). */
  add: number;
}

/**
 * Adds to fixed-window counters in one statement and returns each key's count after it and its window's start. An
 * atomic upsert per key, so concurrent callers on any number of instances never pass a limit together; keys are
 * written in sorted order, so two callers lock them in the same order and never deadlock. A counter whose window has
 * passed starts again. In the caller's transaction when given one: a change rolled back counts nothing.
 */
export async function countInWindows(
  db: DbOrTx,
  config: Pick<AppConfigLike, 'RATE_LIMIT_WINDOW_SECONDS'>,
  now: Date,
  counts: WindowCount[],
): Promise<Map<string, { hits: number; windowStartedAt: Date; windowMs: number }>> {
  if (counts.length === 0) return new Map();
  const rows = [...counts].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const seconds = sql`coalesce(excluded.window_seconds, ${config.RATE_LIMIT_WINDOW_SECONDS})`;
  const expired = sql`${rateLimitCounters.windowStartedAt} <= ${nowSql} - make_interval(secs => ${seconds})`;
  const counted = await db
    .insert(rateLimitCounters)
    .values(rows.map((row) => ({ key: row.key, windowStartedAt: now, hits: row.add, windowSeconds: row.windowSeconds ?? null })))
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${expired} then excluded.hits else ${rateLimitCounters.hits} + excluded.hits end`,
        windowStartedAt: sql`case when ${expired} then excluded.window_started_at else ${rateLimitCounters.windowStartedAt} end`,
        windowSeconds: sql`excluded.window_seconds`,
      },
    })
    .returning();
  return new Map(
    counted.map((row) => [
      row.key,
      { hits: row.hits, windowStartedAt: row.windowStartedAt, windowMs: (row.windowSeconds ?? config.RATE_LIMIT_WINDOW_SECONDS) * 1000 },
    ]),
  );
}

type AppConfigLike = ServiceContext['config'];

/**
 * Counts one request against each rule and refuses it (`1.10`, 429 with Retry-After) when any count passes its
 * limit in the current window. One statement for all rules, an atomic upsert per key as the login lockout does, so
 * concurrent requests on any number of instances cannot pass a limit together. Keys are written in sorted order:
 * two requests that count the same keys lock them in the same order and never deadlock.
 */
export async function enforceRateLimits({ ctx, input }: { ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>; input: { rules: RateLimitRule[] } }) {
  const limits = new Map<string, { name: RateLimitName; limit: number }>();
  for (const rule of input.rules) {
    const limit = limitOf(ctx, rule.name);
    if (limit > 0) limits.set(`${rule.name}:${rule.subject}`, { name: rule.name, limit });
  }
  if (limits.size === 0) return;
  const now = ctx.now();
  const counted = await countInWindows(
    ctx.db,
    ctx.config,
    now,
    [...limits].map(([key, { name }]) => ({ key, add: 1, ...(windowOf(name) ? { windowSeconds: windowOf(name) } : {}) })),
  );
  let retryAfterSeconds = 0;
  let refusedBy: RateLimitName | undefined;
  for (const [key, row] of counted) {
    const rule = limits.get(key)!;
    if (row.hits <= rule.limit) continue;
    const wait = Math.max(1, Math.ceil((row.windowStartedAt.getTime() + row.windowMs - now.getTime()) / 1000));
    if (wait > retryAfterSeconds) [retryAfterSeconds, refusedBy] = [wait, rule.name];
  }
  if (!refusedBy) return;
  metrics().rateLimited.inc({ limit: refusedBy });
  fail('1.10', undefined, { rateLimited: true, retryAfterSeconds, description: 'Too many requests; try again after the time in Retry-After.' });
}
