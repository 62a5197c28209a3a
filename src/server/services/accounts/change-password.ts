import { eq } from 'drizzle-orm';
import { changePasswordInput, type ChangePasswordInput } from '@/lib/schemas/account';
import { accounts } from '@/server/db/schema';
import { hashPassword } from '@/server/crypto/passwords';
import { fail, parseInput } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { checkPasswordWithLockout, lockKeyOf } from './login-attempts';
import { replacePassword } from './replace-password';

/**
 * Contract §3: wrong old password 1.7, new equal to old 3.7. The old password counts towards the account's
 * lockout (contract §2), so a stolen token cannot be used to guess it. A change replaces the account secret and ends
 * every access and refresh token, unused authorization code and portal session of the account, in one transaction.
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
  await inTransaction(ctx, (tx) => replacePassword(ctx, tx, { accountId, passwordHash }));
}
