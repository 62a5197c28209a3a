import { sql } from 'drizzle-orm';
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
  | 'webhook-manual-sends-per-account';

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
    case 'webhook-manual-sends-per-account':
      return config.RATE_LIMIT_WEBHOOK_TESTS_PER_ACCOUNT;
  }
}

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
  const windowMs = ctx.config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  const expired = sql`${rateLimitCounters.windowStartedAt} <= ${windowStart}::timestamptz`;
  const counted = await ctx.db
    .insert(rateLimitCounters)
    .values([...limits.keys()].sort().map((key) => ({ key, windowStartedAt: now, hits: 1 })))
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then excluded.window_started_at else ${rateLimitCounters.windowStartedAt} end`,
      },
    })
    .returning();
  let retryAfterSeconds = 0;
  let refusedBy: RateLimitName | undefined;
  for (const row of counted) {
    const rule = limits.get(row.key)!;
    if (row.hits <= rule.limit) continue;
    const wait = Math.max(1, Math.ceil((row.windowStartedAt.getTime() + windowMs - now.getTime()) / 1000));
    if (wait > retryAfterSeconds) [retryAfterSeconds, refusedBy] = [wait, rule.name];
  }
  if (!refusedBy) return;
  metrics().rateLimited.inc({ limit: refusedBy });
  fail('1.10', undefined, { rateLimited: true, retryAfterSeconds, description: 'Too many requests; try again after the time in Retry-After.' });
}
