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

/**
 * Checks a password against the lockout of contract §2, shared by the token endpoint, the portal's sign-in and
 * password changes. The attempt is counted *before* the password is checked, in one atomic upsert, so that
 * concurrent guesses cannot pass the limit: at most LOGIN_MAX_FAILURES attempts per window are ever evaluated.
 * A right password gives its count back (it was no failure); a locked key is refused with Retry-After, right
 * password or not, without spending a password hash on it.
 */
export async function checkPasswordWithLockout(ctx: ServiceContext, input: { key: string; password: string; hash: string; field?: string }): Promise<boolean> {
  const now = ctx.now();
  const windowMs = ctx.config.LOGIN_LOCKOUT_SECONDS * 1000;
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  const expired = sql`${loginFailures.firstFailureAt} <= ${windowStart}::timestamptz`;
  const [counted] = await ctx.db
    .insert(loginFailures)
    .values({ username: input.key, failures: 1, firstFailureAt: now })
    .onConflictDoUpdate({
      target: loginFailures.username,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
        firstFailureAt: sql`case when ${expired} then excluded.first_failure_at else ${loginFailures.firstFailureAt} end`,
      },
    })
    .returning({ failures: loginFailures.failures, firstFailureAt: loginFailures.firstFailureAt });
  if (counted!.failures > ctx.config.LOGIN_MAX_FAILURES) {
    const retryAfterSeconds = Math.max(1, Math.ceil((counted!.firstFailureAt.getTime() + windowMs - now.getTime()) / 1000));
    fail('1.7', undefined, { retryAfterSeconds, description: 'Too many failed logins; try again later.' });
  }
  const matches = await verifyPassword(input.password, input.hash);
  if (matches) {
    const [left] = await ctx.db
      .update(loginFailures)
      .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
      .where(eq(loginFailures.username, input.key))
      .returning({ failures: loginFailures.failures });
    // No failure left: the next one starts a window of its own.
    if (left?.failures === 0) await ctx.db.delete(loginFailures).where(and(eq(loginFailures.username, input.key), eq(loginFailures.failures, 0)));
  }
  return matches;
}
