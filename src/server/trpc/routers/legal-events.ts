import { freightDocumentResponse } from '@/lib/schemas/freight-document-response';
import {
  answerInstructionRequest,
  giveInstructionRequest,
  receiptRequest,
  receiptResponse,
  recordCashOnDeliveryRequest,
  replaceByPaperRequest,
  reportImpedimentRequest,
  withdrawReservationRequest,
} from '@/lib/schemas/legal-events';
import { answerInstruction } from '@/server/services/legal-events/answer-instruction';
import { getReceipt } from '@/server/services/legal-events/get-receipt';
import { giveInstruction } from '@/server/services/legal-events/give-instruction';
import { recordCashOnDelivery } from '@/server/services/legal-events/record-cash-on-delivery';
import { replaceByPaper } from '@/server/services/legal-events/replace-by-paper';
import { reportImpediment } from '@/server/services/legal-events/report-impediment';
import { withdrawReservation } from '@/server/services/legal-events/withdraw-reservation';
import { accountProcedure, router } from '../init';

/**
 * Contract §14's operations over tRPC for the portal and the tablet: the REST verbs, one call each. Reservations
 * are comments (`tablet.comment` with a `reservation`).
 */
export const legalEventsRouter = router({
  giveInstruction: accountProcedure
    .input(giveInstructionRequest)
    .output(freightDocumentResponse)
    .mutation(({ ctx, input }) => giveInstruction({ ctx: ctx.service, input })),
  answerInstruction: accountProcedure
    .input(answerInstructionRequest)
    .output(freightDocumentResponse)
    .mutation(({ ctx, input }) => answerInstruction({ ctx: ctx.service, input })),
  reportImpediment: accountProcedure
    .input(reportImpedimentRequest)
    .output(freightDocumentResponse)
    .mutation(({ ctx, input }) => reportImpediment({ ctx: ctx.service, input })),
  recordCashOnDelivery: accountProcedure
    .input(recordCashOnDeliveryRequest)
    .output(freightDocumentResponse)
    .mutation(({ ctx, input }) => recordCashOnDelivery({ ctx: ctx.service, input })),
  replaceByPaper: accountProcedure
    .input(replaceByPaperRequest)
    .output(freightDocumentResponse)
    .mutation(({ ctx, input }) => replaceByPaper({ ctx: ctx.service, input })),
  /** Contract §14: the author withdraws a reservation before its stage's counter party answered (portal, tablet outbox). */
  withdrawReservation: accountProcedure
    .input(withdrawReservationRequest)
    .output(freightDocumentResponse)
    .mutation(
      ({
        ctx,
        input: {
          freightDocumentId,
          body: { commentId, ...body },
        },
      }) => withdrawReservation({ ctx: ctx.service, input: { freightDocumentId, commentId, body } }),
    ),
  receipt: accountProcedure
    .input(receiptRequest)
    .output(receiptResponse)
    .query(({ ctx, input }) => getReceipt({ ctx: ctx.service, input })),
});
