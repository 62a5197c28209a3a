import type { z } from 'zod';
import { instructionRefusal, rightOfDisposalHolder } from '@/lib/domain/legal-events';
import { instructionInput } from '@/lib/schemas/legal-events';
import { parseInput, ServiceError } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { preferHolder } from '../access/held-roles';
import { mutateAndSerialize } from '../document/mutate-document';
import { resolveParties } from '../freight-documents/parties';
import { notifyOfLegalEvent } from './notify-legal-event';
import { loadLegalState, recordLegalEventRow, refuseIf } from '../document/record-legal-event';

/**
 * POST /freightdocuments/{id}/instructions (contract §14, CMR art. 12): the holder of the right of disposal
 * instructs the carrier (stop, change the consignee or the place of delivery, return, other) while ISSUED or
 * TRANSIT (4.18); anyone else 4.61. It waits for the carrier side's answer, which is e-mailed about it.
 */
export async function giveInstruction({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string; body: z.input<typeof instructionInput> } }) {
  const accountId = requireAccountId(ctx);
  const instruction = parseInput(instructionInput, input.body);
  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'INSTRUCTION',
    previousCommits: instruction.previousCommits,
    requirePreviousCommits: true,
    secondsSinceCreation: instruction.secondsSinceCreation,
    apply: async (loaded, tx) => {
      const { situation } = await loadLegalState(tx, loaded);
      refuseIf(instructionRefusal(situation, loaded.access.held));
      // A new party must name an existing account as creation would (4.40), before the carrier accepts it.
      const parties = [
        instruction.newConsignee ? { role: 'CONSIGNEE' as const, party: instruction.newConsignee, position: 0, field: 'newConsignee' } : undefined,
        instruction.newPlaceOfDelivery
          ? { role: 'PLACE_OF_DELIVERY' as const, party: instruction.newPlaceOfDelivery, position: 0, field: 'newPlaceOfDelivery' }
          : undefined,
      ].filter((slot) => slot !== undefined);
      const { errors } = await resolveParties(tx, parties);
      if (errors.length > 0) throw new ServiceError(errors);
      const holderRole = rightOfDisposalHolder(situation);
      const actingAs = preferHolder(loaded.access.held.filter((role) => role.role === holderRole))!;
      await recordLegalEventRow(tx, loaded, {
        kind: 'INSTRUCTION',
        actingAs,
        callerAccountId: accountId,
        body: { kind: instruction.kind, text: instruction.text, newConsignee: instruction.newConsignee, newPlaceOfDelivery: instruction.newPlaceOfDelivery },
      });
      await notifyOfLegalEvent(ctx, tx, loaded, {
        event: 'INSTRUCTION',
        roleIds: situation.roles.filter((role) => role.role === 'CARRIER').map((role) => role.id),
      });
      return { addsRecords: true, actingAs, legalEvent: 'INSTRUCTION' };
    },
  });
}
