import type { z } from 'zod';
import { APPROVE_ACTION } from '@/lib/domain/action-rules';
import { firstRefusal, isRefusal, ownApprovalRefusal, resolveTransfer, sideOf } from '@/lib/domain/transfers';
import { myApprovalInput } from '@/lib/schemas/transfers';
import { fail, parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { onBehalfOf } from '../access/held-roles';
import { authorize } from '../document/load-document';
import { situationOf } from '@/lib/domain/situations';
import { mutateAndSerialize } from '../document/mutate-document';
import { recordApproval } from '../document/record-approval';

/**
 * POST /freightdocuments/{id}/submitmyapproval (contract §7): the caller approves a transfer on its own account
 * (type OWN) for `ownRole`, a role it holds, directly or as a delegate; the approval records the role, the
 * role's account and the caller as `submittedBy`. The carrier side always may; a counter party when the
 * document lists OWN for the transfer (4.50). `declined: true` records a refusal and moves nothing.
 */
export async function submitMyApproval({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string; body: z.input<typeof myApprovalInput> } }) {
  const accountId = requireAccountId(ctx);
  const approval = parseInput(myApprovalInput, input.body);
  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'APPROVAL',
    previousCommits: approval.previousCommits,
    requirePreviousCommits: true,
    secondsSinceCreation: approval.secondsSinceCreation,
    apply: async (loaded, tx, times) => {
      authorize(loaded, APPROVE_ACTION[approval.action]);
      const situation = situationOf(loaded.document, loaded.roles, loaded.approvals);
      const transfer = resolveTransfer(situation, approval.action, approval.counterPartyRoleId);
      if (isRefusal(transfer)) fail(transfer.code, transfer.field);

      // A role named by several rows (subsequent carriers): the one that may approve this transfer.
      const candidates = loaded.access.held.filter((role) => role.role === approval.ownRole);
      if (candidates.length === 0) fail('4.50', 'ownRole');
      const refusals = candidates.map((role) => ownApprovalRefusal(situation, transfer, role.roleId));
      const actingAs = candidates[refusals.findIndex((refusal) => refusal === undefined)];
      if (!actingAs) {
        const refusal = firstRefusal(refusals)!;
        fail(refusal.code, refusal.field);
      }
      const roleRow = loaded.roles.find((role) => role.id === actingAs.roleId)!;
      const change = await recordApproval(tx, loaded, {
        transfer,
        side: sideOf(transfer, actingAs.roleId)!,
        type: 'OWN',
        role: roleRow,
        // A delegate approves for the role's holder: both are recorded.
        accountId: onBehalfOf(actingAs, roleRow, accountId),
        submittedByAccountId: accountId,
        times,
        previousCommits: approval.previousCommits,
        place: approval.place,
        location: approval.location,
        declined: approval.declined,
        remarks: approval.remarks,
      });
      return { ...change, actingAs };
    },
  });
}
