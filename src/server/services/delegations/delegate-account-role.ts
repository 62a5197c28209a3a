import { and, eq, isNull } from 'drizzle-orm';
import { delegateInput, type DelegateInput } from '@/lib/schemas/delegation';
import { accounts, delegations } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { fail, parseInput } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { findDelegatee, isUniqueViolation } from './delegatee';
import { notifyDelegatee } from './notify-delegatee';

/**
 * POST /accounts/users/me/delegates (spec §1, contract §11): hands a role's rights to another account for every
 * document, present and future, in which the caller holds that role (the access resolver follows it, along
 * chains). 4.7 when the account would delegate to itself, 3.38 when the same delegation exists already.
 */
export async function delegateAccountRole({ ctx, input }: { ctx: ServiceContext; input: DelegateInput }) {
  const request = parseInput(delegateInput, input);
  const accountId = requireAccountId(ctx);
  try {
    return await inTransaction(ctx, async (tx) => {
      // The grantor's account row serialises its delegations: the duplicate check below holds.
      await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
      const delegatee = await findDelegatee(tx, request);
      if (delegatee.id === accountId) fail('4.7');
      const [existing] = await tx
        .select({ id: delegations.id })
        .from(delegations)
        .where(
          and(
            eq(delegations.grantorAccountId, accountId),
            eq(delegations.delegateAccountId, delegatee.id),
            eq(delegations.role, request.role),
            isNull(delegations.documentId),
            isNull(delegations.revokedAt),
          ),
        );
      if (existing) fail('3.38');
      const delegateId = newId();
      await tx.insert(delegations).values({
        id: delegateId,
        role: request.role,
        grantorAccountId: accountId,
        delegateAccountId: delegatee.id,
        createdAt: ctx.now(),
      });
      await notifyDelegatee(ctx, tx, { grantorAccountId: accountId, delegateeAccountId: delegatee.id, delegateeEmail: delegatee.email, role: request.role });
      return { delegateId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) fail('3.38');
    throw error;
  }
}
