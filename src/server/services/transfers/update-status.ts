import type { z } from 'zod';
import { canMove } from '@/lib/domain/document-status';
import { explicitMove } from '@/lib/domain/transfers';
import { statusUpdateInput } from '@/lib/schemas/transfers';
import { fail, parseInput } from '@/server/errors';
import type { ServiceContext } from '../context';
import { authorize } from '../document/load-document';
import { deliveryTime } from '../document/record-approval';
import { preferHolder } from '../access/held-roles';
import { situationOf } from '@/lib/domain/situations';
import { mutateAndSerialize } from '../document/mutate-document';

/**
 * POST /freightdocuments/{id}/updates (contract §7): the carrier side moves the status without a counter party
 * (an implicit transfer): the carrier ISSUED → TRANSIT, taking the cargo; its holder TRANSIT → DELIVERED. A new
 * status DRAFT or ISSUED is 4.16; any other move the state machine or the transfers do not allow is 4.29.
 */
export async function updateFreightDocumentStatus({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { freightDocumentId: string; body: z.input<typeof statusUpdateInput> };
}) {
  const update = parseInput(statusUpdateInput, input.body);
  const to = update.newFreightDocumentStatus;
  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'STATUS_UPDATE',
    previousCommits: update.previousCommits,
    requirePreviousCommits: true,
    secondsSinceCreation: update.secondsSinceCreation,
    apply: async (loaded, _tx, times) => {
      if (to === 'DRAFT' || to === 'ISSUED') fail('4.16', 'newFreightDocumentStatus');
      authorize(loaded, 'UPDATE_STATUS');
      const move = explicitMove(situationOf(loaded.document, loaded.roles, loaded.approvals))!;
      if (move.to !== to || !canMove(loaded.document.status, to)) fail('4.29', 'newFreightDocumentStatus');
      const held = loaded.access.held.filter((role) => move.by.includes(role.roleId));
      const actingAs = preferHolder(held);
      return { set: { status: to, custody: move.custody, ...(to === 'DELIVERED' ? { deliveredAt: deliveryTime(times) } : {}) }, actingAs };
    },
  });
}
