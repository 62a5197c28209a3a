import { eq } from 'drizzle-orm';
import { changePasswordInput, type ChangePasswordInput } from '@/lib/schemas/account';
import { accounts } from '@/server/db/schema';
import { hashPassword, verifyPassword } from '@/server/crypto/passwords';
import { fail, parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';

/** Contract §3: wrong old password 1.7, new equal to old 3.7. Existing tokens stay valid. */
export async function changePassword({ ctx, input }: { ctx: ServiceContext; input: ChangePasswordInput }) {
  const passwordsInput = parseInput(changePasswordInput, input);
  const accountId = requireAccountId(ctx);
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account || !(await verifyPassword(passwordsInput.oldPassword, account.passwordHash))) fail('1.7', 'oldPassword');
  if (passwordsInput.oldPassword === passwordsInput.newPassword) fail('3.7', 'newPassword');
  await ctx.db
    .update(accounts)
    .set({ passwordHash: await hashPassword(passwordsInput.newPassword), updatedAt: ctx.now() })
    .where(eq(accounts.id, accountId));
}
