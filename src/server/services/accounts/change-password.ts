import { and, eq, isNull, sql } from 'drizzle-orm';
import { changePasswordInput, type ChangePasswordInput } from '@/lib/schemas/account';
import { accounts, oauthAuthorizationCodes, oauthTokenFamilies } from '@/server/db/schema';
import { hashPassword } from '@/server/crypto/passwords';
import { fail, parseInput } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { checkPasswordWithLockout, lockKeyOf } from './login-attempts';

/**
 * Contract §3: wrong old password 1.7, new equal to old 3.7. The old password counts towards the account's
 * lockout (contract §2), so a stolen token cannot be used to guess it. A change ends every access and refresh
 * token, every unused authorization code and every portal session of the account, in one transaction.
 */
export async function changePassword({ ctx, input }: { ctx: ServiceContext; input: ChangePasswordInput }) {
  const passwordsInput = parseInput(changePasswordInput, input);
  const accountId = requireAccountId(ctx);
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) fail('1.11');
  const oldOk = await checkPasswordWithLockout(ctx, { key: lockKeyOf({ accountId }), password: passwordsInput.oldPassword, hash: account.passwordHash });
  if (!oldOk) fail('1.7', 'oldPassword');
  if (passwordsInput.oldPassword === passwordsInput.newPassword) fail('3.7', 'newPassword');
  const passwordHash = await hashPassword(passwordsInput.newPassword);
  await inTransaction(ctx, async (tx) => {
    const now = ctx.now();
    await tx
      .update(accounts)
      .set({ passwordHash, sessionGeneration: sql`${accounts.sessionGeneration} + 1`, updatedAt: now })
      .where(eq(accounts.id, accountId));
    await tx
      .update(oauthTokenFamilies)
      .set({ revokedAt: now })
      .where(and(eq(oauthTokenFamilies.accountId, accountId), isNull(oauthTokenFamilies.revokedAt)));
    await tx
      .update(oauthAuthorizationCodes)
      .set({ usedAt: now })
      .where(and(eq(oauthAuthorizationCodes.accountId, accountId), isNull(oauthAuthorizationCodes.usedAt)));
  });
}
