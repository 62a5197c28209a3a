import { and, isNotNull, sql } from 'drizzle-orm';
import { requestPasswordResetInput } from '@/lib/schemas/password-reset';
import { accounts, passwordResetTokens } from '@/server/db/schema';
import { hashToken, randomToken } from '@/server/crypto/tokens';
import { publicUrl } from '@/server/config/env';
import { parseInput } from '@/server/errors';
import { passwordResetMail } from '@/server/mail/password-reset-template';
import { queueMail } from '@/server/mail/queue-mail';
import { inTransaction, type ServiceContext } from '../context';

/** A reset link is short-lived: it stands in for the password. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/**
 * "Forgot password" (issue 12): mails a one-time link to the account with this address, if there is an active one.
 * The answer is the same either way, so the form tells no one which addresses have accounts.
 */
export async function requestPasswordReset({ ctx, input }: { ctx: ServiceContext; input: unknown }): Promise<{ sent: true }> {
  const { email } = parseInput(requestPasswordResetInput, input);
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(and(sql`lower(${accounts.email}) = lower(${email})`, isNotNull(accounts.activatedAt)));
  if (!account) return { sent: true };
  const token = randomToken(32);
  await inTransaction(ctx, async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      accountId: account.id,
      expiresAt: new Date(ctx.now().getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    });
    await queueMail(
      tx,
      ctx.appSecret,
      passwordResetMail({
        locale: account.locale,
        to: account.email,
        name: account.name,
        resetUrl: `${publicUrl(ctx.config)}/reset-password?token=${token}`,
        validMinutes: PASSWORD_RESET_TTL_MINUTES,
      }),
    );
  });
  return { sent: true };
}
