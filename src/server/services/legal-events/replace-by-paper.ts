import type { z } from 'zod';
import { replacingRole, type HeldRoleView } from '@/lib/domain/legal-events';
import { replaceByPaperInput } from '@/lib/schemas/legal-events';
import { parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { authorize } from '../document/load-document';
import { legalSituationOf } from '@/lib/domain/situations';
import { mutateAndSerialize } from '../document/mutate-document';
import { recordLegalEventRow } from '../document/record-legal-event';

/**
 * POST /freightdocuments/{id}/replacebypaper (contract §14, Additional Protocol art. 5(1)(f)): the submitter or
 * the carrier side holding the cargo (before the collection: the carrier) ends the electronic note in favour of a
 * paper one, while ISSUED or TRANSIT (4.18); a subsequent carrier that never held the cargo is 1.4. The
 * document then carries `replacedByPaper`, and every later change is 4.63 (the frame refuses it).
 */
export async function replaceByPaper({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string; body: z.input<typeof replaceByPaperInput> } }) {
  const accountId = requireAccountId(ctx);
  const replacement = parseInput(replaceByPaperInput, input.body);
  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'REPLACED_BY_PAPER',
    previousCommits: replacement.previousCommits,
    requirePreviousCommits: true,
    secondsSinceCreation: replacement.secondsSinceCreation,
    apply: async (loaded, tx, times) => {
      authorize(loaded, 'REPLACE_BY_PAPER');
      // The submitter, or the carrier side holding the cargo (contract §14): the role the replacement is recorded in.
      const role = replacingRole(legalSituationOf(loaded.document, loaded.roles, loaded.approvals), loaded.access.held) as HeldRoleView;
      const actingAs = loaded.access.held.find((held) => held.roleId === role.roleId)!;
      await recordLegalEventRow(tx, loaded, { kind: 'REPLACED_BY_PAPER', actingAs, callerAccountId: accountId, body: { reason: replacement.reason } });
      const replacedByPaper = { at: times.serverTime.toISOString(), byRole: actingAs.role, reason: replacement.reason };
      return { addsRecords: true, actingAs, legalEvent: 'REPLACED_BY_PAPER', set: { replacedByPaper } };
    },
  });
}
