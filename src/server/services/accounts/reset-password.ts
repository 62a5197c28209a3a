import { and, eq, isNull } from 'drizzle-orm';
import { resetPasswordInput } from '@/lib/schemas/password-reset';
import { passwordResetTokens } from '@/server/db/schema';
import { hashPassword } from '@/server/crypto/passwords';
import { hashToken } from '@/server/crypto/tokens';
import { fail, parseInput } from '@/server/errors';
import { inTransaction, type ServiceContext } from '../context';
import { replacePassword } from './replace-password';

/**
 * Sets a new password from a reset link (issue 12). The link works once (taken with a conditional update, so two
 * uses at the same moment cannot both win) and not after it expired (4.37; unknown or used: 4.38). Like a
 * password change, it ends every session and token of the account.
 */
export async function resetPassword({ ctx, input }: { ctx: ServiceContext; input: unknown }): Promise<{ reset: true }> {
  const { token, newPassword } = parseInput(resetPasswordInput, input);
  const passwordHash = await hashPassword(newPassword);
  return inTransaction(ctx, async (tx) => {
    const now = ctx.now();
    const [taken] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt)))
      .returning();
    if (!taken) fail('4.38', 'token');
    if (taken.expiresAt.getTime() <= now.getTime()) fail('4.37', 'token');
    await replacePassword(ctx, tx, { accountId: taken.accountId, passwordHash });
    // The other links of the account are spent too: one reset ends the request.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.accountId, taken.accountId), isNull(passwordResetTokens.usedAt)));
    return { reset: true as const };
  });
}
