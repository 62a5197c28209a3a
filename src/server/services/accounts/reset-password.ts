import { and, eq, isNull, sql } from 'drizzle-orm';
import { resetPasswordInput } from '@/lib/schemas/password-reset';
import { accounts, oauthAuthorizationCodes, oauthTokenFamilies, passwordResetTokens } from '@/server/db/schema';
import { hashPassword } from '@/server/crypto/passwords';
import { hashToken } from '@/server/crypto/tokens';
import { fail, parseInput } from '@/server/errors';
import { inTransaction, type ServiceContext } from '../context';

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
    await tx
      .update(accounts)
      .set({ passwordHash, sessionGeneration: sql`${accounts.sessionGeneration} + 1`, updatedAt: now })
      .where(eq(accounts.id, taken.accountId));
    await tx
      .update(oauthTokenFamilies)
      .set({ revokedAt: now })
      .where(and(eq(oauthTokenFamilies.accountId, taken.accountId), isNull(oauthTokenFamilies.revokedAt)));
    await tx
      .update(oauthAuthorizationCodes)
      .set({ usedAt: now })
      .where(and(eq(oauthAuthorizationCodes.accountId, taken.accountId), isNull(oauthAuthorizationCodes.usedAt)));
    // The other links of the account are spent too: one reset ends the request.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.accountId, taken.accountId), isNull(passwordResetTokens.usedAt)));
    return { reset: true as const };
  });
}
