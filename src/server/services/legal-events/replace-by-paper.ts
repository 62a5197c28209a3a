import type { z } from 'zod';
import { replaceByPaperInput } from '@/lib/schemas/legal-events';
import { parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { authorize } from '../access/load-document';
import { mutateAndSerialize } from '../freight-documents/mutate-document';
import { recordLegalEventRow } from './record-legal-event';

/**
 * POST /freightdocuments/{id}/replacebypaper (contract §14, Additional Protocol art. 5(1)(f)): the submitter or
 * the carrier side ends the electronic note in favour of a paper one, while ISSUED or TRANSIT (4.18). The
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
      const actingAs = authorize(loaded, 'REPLACE_BY_PAPER');
      await recordLegalEventRow(tx, loaded, { kind: 'REPLACED_BY_PAPER', actingAs, callerAccountId: accountId, body: { reason: replacement.reason } });
      const replacedByPaper = { at: times.serverTime.toISOString(), byRole: actingAs.role, reason: replacement.reason };
      return { addsRecords: true, actingAs, legalEvent: 'REPLACED_BY_PAPER', set: { replacedByPaper } };
    },
  });
}
