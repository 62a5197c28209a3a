import { freightDocumentResponse, createdCommentResponse } from '@/lib/schemas/freight-document-response';
import {
  attachmentImage,
  attachmentImageRequest,
  handOverHeadsResponse,
  handOverResponse,
  myTransfersResponse,
  offlineCodeKit,
  responseCodeAnswer,
  responseCodeRequest,
  tabletApproveOwnInput,
  tabletCommentInput,
  tabletCounterPartyInput,
  tabletHandoverLinkInput,
  tabletLicensePlatesInput,
} from '@/lib/schemas/tablet';
import { z } from 'zod';
import { handoverAnswerInput, handoverAnswerResult, handoverLinkResponse } from '@/lib/schemas/handover';
import { createHandoverLink } from '@/server/services/transfers/create-handover-link';
import { redeemHandoverLink } from '@/server/services/transfers/redeem-handover-link';
import { getAttachment } from '@/server/services/freight-documents/get-attachment';
import { computeResponseCode } from '@/server/services/tablet/compute-response-code';
import { getOfflineCodeKit } from '@/server/services/tablet/get-offline-code-kit';
import { getHandOver } from '@/server/services/tablet/get-hand-over';
import { getHandOverHeads } from '@/server/services/tablet/get-hand-over-heads';
import { listMyTransfers } from '@/server/services/tablet/list-my-transfers';
import { addComment } from '@/server/services/transfers/add-comment';
import { submitCounterpartyApproval } from '@/server/services/transfers/submit-counterparty-approval';
import { submitMyApproval } from '@/server/services/transfers/submit-my-approval';
import { updateLicensePlates } from '@/server/services/transfers/update-license-plates';
import { accountProcedure, publicProcedure, router } from '../init';

/**
 * The carrier's tablet and the counter party's phone page (issue 9 part 4): the transfer verbs of REST (contract
 * §7) over tRPC. Every write carries an `idempotencyKey` (mutation-guards.ts), so the tablet's retries on a poor
 * connection are answered from the first attempt.
 */
export const tabletRouter = router({
  myTransfers: accountProcedure.output(myTransfersResponse).query(({ ctx }) => listMyTransfers({ ctx: ctx.service })),
  handOver: accountProcedure
    .input(z.object({ freightDocumentId: z.string().min(1) }))
    .output(handOverResponse)
    .query(({ ctx, input }) => getHandOver({ ctx: ctx.service, input })),
  /** Issue 31: asked every second by an open hand-over screen; the whole hand-over is read again when the heads moved. */
  handOverHeads: accountProcedure
    .input(z.object({ freightDocumentId: z.string().min(1) }))
    .output(handOverHeadsResponse)
    .query(({ ctx, input }) => getHandOverHeads({ ctx: ctx.service, input })),
  approveOwn: accountProcedure
    .input(tabletApproveOwnInput)
    .output(freightDocumentResponse)
    .mutation(({ ctx, input }) => submitMyApproval({ ctx: ctx.service, input })),
  recordCounterParty: accountProcedure
    .input(tabletCounterPartyInput)
    .output(freightDocumentResponse)
    .mutation(({ ctx, input }) => submitCounterpartyApproval({ ctx: ctx.service, input })),
  handoverLink: accountProcedure
    .input(tabletHandoverLinkInput)
    .output(handoverLinkResponse)
    .mutation(({ ctx, input }) => createHandoverLink({ ctx: ctx.service, input })),
  /** The counter party's answer on the public hand-over page: no account; the link's token is the authority. */
  answerHandover: publicProcedure
    .input(handoverAnswerInput)
    .output(handoverAnswerResult)
    .mutation(({ ctx, input }) => redeemHandoverLink({ ctx: ctx.service, input })),
  comment: accountProcedure
    .input(tabletCommentInput)
    .output(createdCommentResponse)
    .mutation(({ ctx, input }) => addComment({ ctx: ctx.service, input })),
  licensePlates: accountProcedure
    .input(tabletLicensePlatesInput)
    .output(freightDocumentResponse)
    .mutation(({ ctx, input }) => updateLicensePlates({ ctx: ctx.service, input })),
  responseCode: accountProcedure
    .input(responseCodeRequest)
    .output(responseCodeAnswer)
    .query(({ ctx, input }) => computeResponseCode({ ctx: ctx.service, input })),
  /** Issue 21: what the signed-in account's own phone keeps to give response codes offline (its secret included). */
  offlineCodeKit: accountProcedure.output(offlineCodeKit).query(({ ctx }) => getOfflineCodeKit({ ctx: ctx.service })),
  /** An image the timeline shows (a signature, a comment's photo), for those the access rules let read it. */
  attachmentImage: accountProcedure
    .input(attachmentImageRequest)
    .output(attachmentImage)
    .query(async ({ ctx, input }) => {
      const { attachment, content } = await getAttachment({ ctx: ctx.service, input });
      return { mimeType: attachment.mimeType, contentBase64: (await content.bytes()).toString('base64') };
    }),
});
