import { reservationRole, withinTimeLimit } from '@/lib/domain/legal-events';
import type { commentInput } from '@/lib/schemas/transfers';
import type { z } from 'zod';
import { fail } from '@/server/errors';
import { unknownGoodsLine } from '../freight-documents/unknown-goods-line';
import type { ServiceContext } from '../context';
import { mutateDocument } from '../document/mutate-document';
import { prepareCommentFiles, recordComment } from '../document/record-comment';
import { loadLegalState, refuseIf } from '../document/record-legal-event';

type ParsedComment = z.output<typeof commentInput> & { reservation: NonNullable<z.output<typeof commentInput>['reservation']> };

/**
 * A reservation (contract §14, CMR art. 8, 30, 35): a comment with a stage and a kind, by whoever may make one of
 * that stage now (4.60 otherwise). Its text feeds the TFA contentHash like any comment's; `goodsLines` must be
 * product ids of the document (4.46). After-delivery and delay ones are always recorded, with `withinTimeLimit`
 * judged at the change's client time (an offline device dates it back).
 */
export async function addReservation(
  ctx: ServiceContext,
  input: {
    freightDocumentId: string;
    accountId: string;
    comment: ParsedComment;
    /** The hand-over page's signer (contract §7): the carrier side records it for them, and it cannot be withdrawn. */
    recordedFor?: { name: string };
  },
) {
  const { comment, accountId } = input;
  const files = await prepareCommentFiles(ctx, comment.attachments);
  let commentId = '';
  const { commitId } = await mutateDocument(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'RESERVATION',
    previousCommits: comment.previousCommits,
    requirePreviousCommits: true,
    secondsSinceCreation: comment.secondsSinceCreation,
    apply: async (loaded, tx, times) => {
      const { situation } = await loadLegalState(tx, loaded);
      const { stage, kind, goodsLines } = comment.reservation;
      const role = reservationRole(situation, stage, loaded.access.held);
      if ('code' in role) refuseIf(role);
      const actingAs = loaded.access.held.find((held) => held.roleId === (role as { roleId: string }).roleId)!;
      const productIds = new Set(((loaded.document.content.structuredGoods ?? []) as { productId: number }[]).map((line) => line.productId));
      const unknown = (goodsLines ?? []).findIndex((productId) => !productIds.has(productId));
      // 4.46 as contract §14 fixes it, in words that fit the case (the catalogue's phrase is about adding goods).
      if (unknown >= 0) fail('4.46', `reservation.goodsLines[${unknown}]`, { description: unknownGoodsLine(goodsLines![unknown]!) });
      const madeAt = times.clientTime;
      commentId = await recordComment(tx, loaded, {
        actingAs,
        callerAccountId: accountId,
        text: comment.text,
        files,
        clientMeta: comment.clientMeta,
        times,
        reservation: {
          stage,
          kind,
          ...(goodsLines ? { goodsLines } : {}),
          withinTimeLimit: withinTimeLimit(stage, loaded.document.deliveredAt, madeAt),
          ...(input.recordedFor ? { recordedFor: input.recordedFor } : {}),
        },
      });
      return { addsRecords: true, actingAs, legalEvent: 'RESERVATION' };
    },
  });
  return { commentId, commitId };
}
