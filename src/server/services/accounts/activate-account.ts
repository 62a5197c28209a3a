import { and, eq, isNull } from 'drizzle-orm';
import { ACTIVATION_TOKEN_PATTERN } from '@/lib/schemas/account';
import { accounts, activationTokens } from '@/server/db/schema';
import { hashToken } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import { inTransaction, type ServiceContext } from '../context';
import { onAccountActivated } from './on-account-activated';

/** Opens the link of the activation e-mail (contract §3): 4.35 malformed, 4.38 unknown, 4.39 used, 4.37 expired. */
export async function activateAccount({ ctx, input }: { ctx: ServiceContext; input: { token: string } }) {
  if (!ACTIVATION_TOKEN_PATTERN.test(input.token)) fail('4.35');
  return inTransaction(ctx, async (tx) => {
    const [token] = await tx
      .select()
      .from(activationTokens)
      .where(eq(activationTokens.tokenHash, hashToken(input.token)))
      .for('update');
    if (!token) fail('4.38');
    if (token.usedAt) fail('4.39');
    if (token.expiresAt.getTime() <= ctx.now().getTime()) fail('4.37');

    await tx.update(activationTokens).set({ usedAt: ctx.now() }).where(eq(activationTokens.tokenHash, token.tokenHash));
    const [account] = await tx
      .update(accounts)
      .set({ activatedAt: ctx.now(), updatedAt: ctx.now() })
      .where(and(eq(accounts.id, token.accountId), isNull(accounts.activatedAt)))
      .returning();
    if (!account) fail('4.39');
    await onAccountActivated(tx, account);
    return { accountId: account.id, accountNumber: account.accountNumber };
  });
}
