import { lt, sql } from 'drizzle-orm';
import type { AppConfig } from '@/server/config/env';
import type { Database } from '@/server/db/client';
import { idempotencyKeys, rateLimitCounters } from '@/server/db/schema';
import { removeEndedSessions } from '../accounts/portal-sessions';

/**
 * Rows that no longer decide anything: idempotency keys past their 24 hours, rate-limit counters of windows
 * that have ended, and signed-out portal sessions whose cookie has expired anyway. Run by the job worker's periodic clean-up; an expired key still present is treated as absent.
 */
export async function removeExpiredOperationalRows(db: Database, config: Pick<AppConfig, 'RATE_LIMIT_WINDOW_SECONDS'>, now = new Date()) {
  const keys = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now)).returning({ key: idempotencyKeys.key });
  // Each counter by its own window (a day for the mail budget, contract §1), the configured one when it has none.
  const windowStart = sql`${now.toISOString()}::timestamptz - make_interval(secs => coalesce(${rateLimitCounters.windowSeconds}, ${config.RATE_LIMIT_WINDOW_SECONDS}))`;
  const counters = await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStartedAt, windowStart)).returning({ key: rateLimitCounters.key });
  const endedSessions = await removeEndedSessions(db, now);
  return { idempotencyKeys: keys.length, rateLimitCounters: counters.length, endedSessions };
}
