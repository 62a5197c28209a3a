import { eq, or, sql } from 'drizzle-orm';
import { accounts } from '@/server/db/schema';
import { dummyPasswordHash } from '@/server/crypto/passwords';
import { fail } from '@/server/errors';
import type { ServiceContext } from '../context';
import { addressKeyOf, checkPasswordWithLockout, lockKeyOf } from './login-attempts';

/**
 * Checks a username (e-mail or account number) and password with the brute-force protection of contract §2
 * (see `checkPasswordWithLockout`). Unknown usernames are counted by name and checked against a dummy hash, so
 * that they cost the same time as known ones. With `clientAddress` (the portal's sign-in) the address's failures are
 * limited too (issue 20).
 */
export async function verifyCredentials({ ctx, input }: { ctx: ServiceContext; input: { username: string; password: string; clientAddress?: string } }) {
  const username = input.username.trim().toLowerCase();
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(or(sql`lower(${accounts.email}) = ${username}`, eq(accounts.accountNumber, username)))
    .limit(1);
  const passwordOk = await checkPasswordWithLockout(ctx, {
    key: lockKeyOf(account ? { accountId: account.id } : { unknownUsername: username }),
    password: input.password,
    hash: account?.passwordHash ?? (await dummyPasswordHash()),
    ...(input.clientAddress ? { addressKey: addressKeyOf(input.clientAddress) } : {}),
  });
  if (!account || !passwordOk) fail('1.7');
  if (!account.activatedAt) fail('1.7', undefined, { description: 'The account is not activated yet.' });
  return account;
}
