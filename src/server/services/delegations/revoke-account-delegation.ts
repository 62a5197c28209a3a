import { eq } from 'drizzle-orm';
import { delegations } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { endDelegation } from './end-delegation';

/**
 * DELETE /accounts/users/me/delegates/{delegateId} (contract §11): ends one of the caller's account-wide
 * delegations on every document, and what its delegate delegated further from it. 4.42 for anything else.
 */
export async function revokeAccountDelegation({ ctx, input }: { ctx: ServiceContext; input: { delegateId: string } }) {
  const accountId = requireAccountId(ctx);
  await inTransaction(ctx, async (tx) => {
    const [delegation] = await tx.select().from(delegations).where(eq(delegations.id, input.delegateId)).for('update');
    if (!delegation || delegation.grantorAccountId !== accountId || delegation.documentId !== null || delegation.revokedAt !== null) fail('4.42');
    await endDelegation(tx, delegation, ctx.now());
  });
}
