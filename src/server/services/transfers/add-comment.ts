import type { z } from 'zod';
import { commentInput } from '@/lib/schemas/transfers';
import { parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { authorize } from '../document/load-document';
import { mutateDocument } from '../document/mutate-document';
import { addReservation } from '../legal-events/add-reservation';
import { prepareCommentFiles, recordComment } from '../document/record-comment';

/**
 * POST /freightdocuments/{id}/comments (contract §7, spec §3 rule 5): a carrier or subsequent carrier comments,
 * with optional photos (COMMENT attachments, not counted against the creation limit of 10 MB), from issue until
 * 14 days after delivery (4.12). Every comment's text feeds the contentHash of the TFA codes made after it.
 */
export async function addComment({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string; body: z.input<typeof commentInput> } }) {
  const accountId = requireAccountId(ctx);
  const comment = parseInput(commentInput, input.body);
  // A comment with a reservation follows contract §14 instead.
  if (comment.reservation)
    return addReservation(ctx, { freightDocumentId: input.freightDocumentId, accountId, comment: { ...comment, reservation: comment.reservation } });
  const files = await prepareCommentFiles(ctx, comment.attachments);
  let commentId = '';
  const { commitId } = await mutateDocument(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'COMMENT',
    previousCommits: comment.previousCommits,
    requirePreviousCommits: true,
    secondsSinceCreation: comment.secondsSinceCreation,
    apply: async (loaded, tx, times) => {
      const actingAs = authorize(loaded, 'COMMENT', { now: times.serverTime });
      commentId = await recordComment(tx, loaded, { actingAs, callerAccountId: accountId, text: comment.text, files, clientMeta: comment.clientMeta, times });
      return { addsRecords: true, actingAs };
    },
  });
  return { commentId, commitId };
}
