import { eq } from 'drizzle-orm';
import { delegations } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { loadAccessibleDocument } from '../document/load-document';
import { endDelegation } from './end-delegation';

/**
 * DELETE /freightdocuments/{id}/delegates/{delegateId} (contract §11): the grantor ends a delegation on this
 * document, and with it everything delegated further from it. An account-wide delegation cannot be removed from
 * one document (3.37); anything else that is not the caller's active delegation here is 4.42, ids do not leak.
 */
export async function revokeDocumentDelegation({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string; delegateId: string } }) {
  const accountId = requireAccountId(ctx);
  await inTransaction(ctx, async (tx) => {
    await loadAccessibleDocument(tx, accountId, input.freightDocumentId, { forUpdate: true });
    const [delegation] = await tx.select().from(delegations).where(eq(delegations.id, input.delegateId));
    const ownActive = delegation && delegation.grantorAccountId === accountId && delegation.revokedAt === null;
    if (ownActive && delegation.documentId === null) fail('3.37');
    if (!ownActive || delegation.documentId !== input.freightDocumentId) fail('4.42');
    await endDelegation(tx, delegation, ctx.now());
  });
}
