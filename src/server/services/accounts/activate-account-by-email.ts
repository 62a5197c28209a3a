import { and, eq, isNull, sql } from 'drizzle-orm';
import { accounts, activationTokens } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { inTransaction, type ServiceContext } from '../context';
import { onAccountActivated } from './on-account-activated';

/** Operator shortcut (admin command): activate without the e-mail link. */
export async function activateAccountByEmail({ ctx, input }: { ctx: ServiceContext; input: { email: string } }) {
  return inTransaction(ctx, async (tx) => {
    const [existing] = await tx
      .select()
      .from(accounts)
      .where(sql`lower(${accounts.email}) = lower(${input.email})`);
    if (!existing) fail('4.1', 'email');
    if (existing.activatedAt) fail('4.39');
    const [account] = await tx
      .update(accounts)
      .set({ activatedAt: ctx.now(), updatedAt: ctx.now() })
      .where(and(eq(accounts.id, existing.id), isNull(accounts.activatedAt)))
      .returning();
    if (!account) fail('4.39');
    await tx
      .update(activationTokens)
      .set({ usedAt: ctx.now() })
      .where(and(eq(activationTokens.accountId, account.id), isNull(activationTokens.usedAt)));
    await onAccountActivated(tx, account);
    return { accountId: account.id, accountNumber: account.accountNumber, email: account.email, activated: true };
  });
}
