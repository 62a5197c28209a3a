import { delegateInput, type DelegateInput } from '@/lib/schemas/delegation';
import { delegations } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { fail, parseInput } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { grantingRoles } from '@/lib/domain/action-rules';
import { loadDelegationSources } from '../access/delegation-sources';
import { preferHolder, resolveHeldRoles } from '../access/held-roles';
import { loadAccessibleDocument } from '../document/load-document';
import { findDelegatee, isUniqueViolation } from './delegatee';
import { notifyDelegatee } from './notify-delegatee';

/**
 * POST /freightdocuments/{id}/delegate (spec §1, contract §11): hands every default right of a role the caller
 * holds on the document (DELEGATE included) to another account, which can delegate it further; the caller keeps
 * its rights. 1.4 for a role the caller does not hold with the DELEGATE right; 3.36 when the delegatee holds it
 * already (named, or by a delegation on this document), 3.38 when it holds it by an account-wide delegation.
 */
export async function delegateDocumentRole({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } & DelegateInput }) {
  const { freightDocumentId, ...body } = input;
  const request = parseInput(delegateInput, body);
  const accountId = requireAccountId(ctx);
  try {
    return await inTransaction(ctx, async (tx) => {
      // The document row serialises delegations of it: two requests cannot both pass the checks below.
      const loaded = await loadAccessibleDocument(tx, accountId, freightDocumentId, { forUpdate: true });
      const mine = grantingRoles('DELEGATE', loaded.access.held).filter(
        (held) => held.role === request.role && (request.roleId === undefined || held.roleId === request.roleId),
      );
      if (mine.length === 0) fail('1.4');
      if (mine.length > 1 && request.roleId === undefined) fail('3.1', 'roleId');
      const held = preferHolder(mine)!;

      const delegatee = await findDelegatee(tx, request);
      if (delegatee.id === accountId) fail('3.36');
      const theirs = resolveHeldRoles({
        accountId: delegatee.id,
        roles: loaded.roles,
        documentDelegations: loaded.access.documentDelegations,
        sources: await loadDelegationSources(tx, delegatee.id),
      }).find((role) => role.roleId === held.roleId);
      if (theirs) {
        const perDocument = theirs.via === 'HOLDER' || loaded.access.documentDelegations.some((delegation) => delegation.id === theirs.delegationId);
        fail(perDocument ? '3.36' : '3.38');
      }

      const delegateId = newId();
      await tx.insert(delegations).values({
        id: delegateId,
        documentId: freightDocumentId,
        role: held.role,
        roleId: held.roleId,
        grantorAccountId: accountId,
        delegateAccountId: delegatee.id,
        // A delegate delegating further: revoking its own delegation ends this one too.
        parentId: held.via === 'DELEGATE' ? held.delegationId! : null,
        createdAt: ctx.now(),
      });
      await notifyDelegatee(ctx, tx, {
        grantorAccountId: accountId,
        delegateeAccountId: delegatee.id,
        delegateeEmail: delegatee.email,
        role: held.role,
        document: { id: freightDocumentId, serviceNumber: loaded.document.serviceNumber },
      });
      return { delegateId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) fail('3.36');
    throw error;
  }
}
