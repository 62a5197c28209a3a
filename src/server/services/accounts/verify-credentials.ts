import { eq, or, sql } from 'drizzle-orm';
import { accounts, loginFailures } from '@/server/db/schema';
import { dummyPasswordHash, verifyPassword } from '@/server/crypto/passwords';
import { fail } from '@/server/errors';
import type { ServiceContext } from '../context';

/**
 * Checks a username (e-mail or account number) and password with brute-force protection (contract §2):
 * after LOGIN_MAX_FAILURES failures within LOGIN_LOCKOUT_SECONDS of the first, the username is refused for
 * the rest of that window, right password or not. Counters live in the database, so the lock holds across
 * instances; unknown usernames are counted and hashed against a dummy so they cost the same time.
 */
export async function verifyCredentials({ ctx, input }: { ctx: ServiceContext; input: { username: string; password: string } }) {
  const username = input.username.trim().toLowerCase();
  const now = ctx.now();
  const windowMs = ctx.config.LOGIN_LOCKOUT_SECONDS * 1000;
  const windowStart = new Date(now.getTime() - windowMs);

  const [counter] = await ctx.db.select().from(loginFailures).where(eq(loginFailures.username, username));
  if (counter && counter.firstFailureAt > windowStart && counter.failures >= ctx.config.LOGIN_MAX_FAILURES) {
    await verifyPassword(input.password, await dummyPasswordHash());
    const retryAfterSeconds = Math.max(1, Math.ceil((counter.firstFailureAt.getTime() + windowMs - now.getTime()) / 1000));
    fail('1.7', undefined, { retryAfterSeconds, description: 'Too many failed logins; try again later.' });
  }

  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(or(sql`lower(${accounts.email}) = ${username}`, eq(accounts.accountNumber, username)))
    .limit(1);
  const passwordOk = await verifyPassword(input.password, account?.passwordHash ?? (await dummyPasswordHash()));

  if (!account || !passwordOk) {
    const restart = sql`${loginFailures.firstFailureAt} <= ${windowStart.toISOString()}::timestamptz`;
    await ctx.db
      .insert(loginFailures)
      .values({ username, failures: 1, firstFailureAt: now })
      .onConflictDoUpdate({
        target: loginFailures.username,
        set: {
          failures: sql`case when ${restart} then 1 else ${loginFailures.failures} + 1 end`,
          firstFailureAt: sql`case when ${restart} then excluded.first_failure_at else ${loginFailures.firstFailureAt} end`,
        },
      });
    fail('1.7');
  }
  if (!account.activatedAt) fail('1.7', undefined, { description: 'The account is not activated yet.' });
  if (counter) await ctx.db.delete(loginFailures).where(eq(loginFailures.username, username));
  return account;
}
