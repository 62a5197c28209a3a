import { and, eq, sql } from 'drizzle-orm';
import { loginFailures } from '@/server/db/schema';
import { verifyPassword } from '@/server/crypto/passwords';
import { fail } from '@/server/errors';
import type { ServiceContext } from '../context';

/**
 * What a lockout counts against (contract §2): the account, whichever name addressed it (e-mail or account
 * number), so both names share one limit; a name that matches no account is counted by itself.
 */
export function lockKeyOf(subject: { accountId: string } | { unknownUsername: string }): string {
  return 'accountId' in subject ? `account:${subject.accountId}` : `name:${subject.unknownUsername}`;
}

/** Counts one attempt against `key` within the lockout window; the count after it and when its window began. */
async function countAttempt(ctx: ServiceContext, key: string, now: Date) {
  const windowStart = new Date(now.getTime() - ctx.config.LOGIN_LOCKOUT_SECONDS * 1000).toISOString();
  const expired = sql`${loginFailures.firstFailureAt} <= ${windowStart}::timestamptz`;
  const [counted] = await ctx.db
    .insert(loginFailures)
    .values({ username: key, failures: 1, firstFailureAt: now })
    .onConflictDoUpdate({
      target: loginFailures.username,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
        firstFailureAt: sql`case when ${expired} then excluded.first_failure_at else ${loginFailures.firstFailureAt} end`,
      },
    })
    .returning({ failures: loginFailures.failures, firstFailureAt: loginFailures.firstFailureAt });
  const retryAfterSeconds = Math.max(1, Math.ceil((counted!.firstFailureAt.getTime() + ctx.config.LOGIN_LOCKOUT_SECONDS * 1000 - now.getTime()) / 1000));
  return { failures: counted!.failures, retryAfterSeconds };
}

/** A right password was no failure: its attempt is given back (and an empty count removed). */
async function giveBack(ctx: ServiceContext, key: string) {
  const [left] = await ctx.db
    .update(loginFailures)
    .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
    .where(eq(loginFailures.username, key))
    .returning({ failures: loginFailures.failures });
  // No failure left: the next one starts a window of its own.
  if (left?.failures === 0) await ctx.db.delete(loginFailures).where(and(eq(loginFailures.username, key), eq(loginFailures.failures, 0)));
}

/** The key of a client address's sign-in attempts (kept apart from usernames, which never contain a colon first). */
export const addressKeyOf = (address: string) => `address:${address}`;

/**
 * Checks a password against the lockout of contract §2, shared by the token endpoint, the portal's sign-in and
 * password changes. The attempt is counted *before* the password is checked, in one atomic upsert, so that
 * concurrent guesses cannot pass the limit: at most LOGIN_MAX_FAILURES attempts per window are ever evaluated.
 * A right password gives its count back (it was no failure); a locked key is refused with Retry-After, right
 * password or not, without spending a password hash on it.
 *
 * `addressKey` (the portal's sign-in, issue 20): the client address's attempts are counted first, against
 * LOGIN_MAX_FAILURES_PER_ADDRESS in the same window; over it the attempt is refused (`1.10`, 429) before the
 * account's count is touched, so one source can lock only that many / LOGIN_MAX_FAILURES accounts per window, not
 * every account (account numbers are sequential). See decision 0028.
 */
export async function checkPasswordWithLockout(
  ctx: ServiceContext,
  input: { key: string; password: string; hash: string; field?: string; addressKey?: string },
): Promise<boolean> {
  const now = ctx.now();
  const addressLimit = ctx.config.LOGIN_MAX_FAILURES_PER_ADDRESS;
  const addressKey = input.addressKey && addressLimit > 0 ? input.addressKey : undefined;
  if (addressKey) {
    const fromAddress = await countAttempt(ctx, addressKey, now);
    if (fromAddress.failures > addressLimit) {
      fail('1.10', undefined, {
        rateLimited: true,
        retryAfterSeconds: fromAddress.retryAfterSeconds,
        description: 'Too many failed sign-ins from this address; try again later.',
      });
    }
  }
  const counted = await countAttempt(ctx, input.key, now);
  if (counted.failures > ctx.config.LOGIN_MAX_FAILURES) {
    fail('1.7', undefined, { retryAfterSeconds: counted.retryAfterSeconds, description: 'Too many failed logins; try again later.' });
  }
  const matches = await verifyPassword(input.password, input.hash);
  if (matches) {
    await giveBack(ctx, input.key);
    if (addressKey) await giveBack(ctx, addressKey);
  }
  return matches;
}
