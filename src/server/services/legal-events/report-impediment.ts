import type { z } from 'zod';
import { rightOfDisposalHolder } from '@/lib/domain/legal-events';
import { impedimentInput } from '@/lib/schemas/legal-events';
import type { Transaction } from '@/server/db/client';
import { attachments } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { authorize } from '../document/load-document';
import { attachmentRow, type PreparedAttachment } from '../document/attachment-content';
import { mutateAndSerialize } from '../document/mutate-document';
import { prepareCommentFiles } from '../document/record-comment';
import { notifyOfLegalEvent } from './notify-legal-event';
import { loadLegalState, recordLegalEventRow } from '../document/record-legal-event';

async function storePhotos(tx: Transaction, documentId: string, files: PreparedAttachment[], now: Date): Promise<string[]> {
  const ids = files.map(() => newId());
  if (files.length > 0) await tx.insert(attachments).values(files.map((file, index) => attachmentRow(documentId, file, now, ids[index]!)));
  return ids;
}

/**
 * POST /freightdocuments/{id}/impediments (contract §14, CMR art. 14, 15): the carrier side holding the cargo
 * reports that carriage or delivery became impossible, while TRANSIT (4.64), with photos if it has them. The
 * holders of the right of disposal are e-mailed and may answer with an instruction.
 */
export async function reportImpediment({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string; body: z.input<typeof impedimentInput> } }) {
  const accountId = requireAccountId(ctx);
  const impediment = parseInput(impedimentInput, input.body);
  const files = await prepareCommentFiles(ctx, impediment.attachments);
  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'IMPEDIMENT',
    previousCommits: impediment.previousCommits,
    requirePreviousCommits: true,
    secondsSinceCreation: impediment.secondsSinceCreation,
    apply: async (loaded, tx, times) => {
      // The table's rule is impedimentRefusal itself (lib/domain/action-rules.ts); the pending instructions the legal
      // state adds do not change it, so it is checked once, here.
      const actingAs = authorize(loaded, 'REPORT_IMPEDIMENT');
      const { situation } = await loadLegalState(tx, loaded);
      const holding = loaded.access.held.find((role) => role.roleId === situation.custody.at(-1)) ?? actingAs;
      await recordLegalEventRow(tx, loaded, {
        kind: 'IMPEDIMENT',
        actingAs: holding,
        callerAccountId: accountId,
        body: { kind: impediment.kind, text: impediment.text },
        attachmentIds: await storePhotos(tx, loaded.document.id, files, times.serverTime),
      });
      const holderRole = rightOfDisposalHolder(situation);
      await notifyOfLegalEvent(ctx, tx, loaded, {
        event: 'IMPEDIMENT',
        roleIds: situation.roles.filter((role) => role.role === holderRole).map((role) => role.id),
      });
      return { addsRecords: true, actingAs: holding, legalEvent: 'IMPEDIMENT' };
    },
  });
}
