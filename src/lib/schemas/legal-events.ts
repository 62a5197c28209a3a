import { z } from 'zod';
import { IMPEDIMENT_KINDS, INSTRUCTION_KINDS, RESERVATION_KINDS } from '@/lib/domain/legal-events';
import { looseBoolean, optional } from './common';
import { currencyCodeSchema, moneySchema, partyInput } from './freight-document';
import { previousCommits, required, secondsSinceCreation, text, transferAttachmentInput } from './transfers';

/*
 * The request bodies of contract §14's operations (reservations are comments: see commentInput). Each parses its
 * own output to the same value, so REST, tRPC and the OpenAPI document share them.
 */

const requiredText = (max: number) => z.string(required('3.17')).trim().min(1, '3.1').max(max, '3.2');

/** POST …/instructions (CMR art. 12): the new party is required for the kinds that change one (3.1 on its field). */
export const instructionInput = z
  .object({
    kind: z.enum(INSTRUCTION_KINDS, required('3.9')),
    text: requiredText(4000),
    newConsignee: optional(partyInput),
    newPlaceOfDelivery: optional(partyInput),
    previousCommits,
    secondsSinceCreation,
  })
  .superRefine((instruction, context) => {
    if (instruction.kind === 'CHANGE_CONSIGNEE' && !instruction.newConsignee) context.addIssue({ code: 'custom', message: '3.1', path: ['newConsignee'] });
    if (instruction.kind === 'CHANGE_PLACE_OF_DELIVERY' && !instruction.newPlaceOfDelivery)
      context.addIssue({ code: 'custom', message: '3.1', path: ['newPlaceOfDelivery'] });
  });
export type InstructionInput = z.output<typeof instructionInput>;

/** POST …/instructions/{instructionId}/response (CMR art. 12(5)(b)): a refusal needs its reason (3.1). */
export const instructionResponseInput = z
  .object({
    accepted: optional(looseBoolean),
    reason: optional(text(4000)),
    previousCommits,
    secondsSinceCreation,
  })
  .superRefine((answer, context) => {
    if (answer.accepted === undefined) context.addIssue({ code: 'custom', message: '3.1', path: ['accepted'] });
    if (answer.accepted === false && !answer.reason?.trim()) context.addIssue({ code: 'custom', message: '3.1', path: ['reason'] });
  });

/** POST …/impediments (CMR art. 14, 15). */
export const impedimentInput = z.object({
  kind: z.enum(IMPEDIMENT_KINDS, required('3.9')),
  text: requiredText(4000),
  attachments: optional(z.array(transferAttachmentInput, '3.17').max(10, '3.9')),
  previousCommits,
  secondsSinceCreation,
});

/** POST …/cashondelivery (CMR art. 21): collected or not, with what was collected. */
export const cashOnDeliveryInput = z
  .object({
    collected: optional(looseBoolean),
    amount: optional(moneySchema),
    currency: optional(currencyCodeSchema),
    reference: optional(text(255)),
    previousCommits,
    secondsSinceCreation,
  })
  .superRefine((cash, context) => {
    if (cash.collected === undefined) context.addIssue({ code: 'custom', message: '3.1', path: ['collected'] });
  });

/** POST …/replacebypaper (Additional Protocol art. 5(1)(f)). */
export const replaceByPaperInput = z.object({
  reason: requiredText(2000),
  previousCommits,
  secondsSinceCreation,
});

/** POST /freightdocuments/{id}/comments/{commentId}/withdrawal (contract §14): the heads the author saw. */
export const withdrawalInput = z.object({ previousCommits });

/** GET …/receipt (contract §14, Additional Protocol art. 6). */
export const receiptResponse = z.object({
  serviceNumber: z.string(),
  verificationUrl: z.string().nullable(),
  takenOverAt: z.string().nullable(),
  place: z.string().nullable(),
  carrier: z.record(z.string(), z.unknown()).nullable(),
  goods: z.string().nullable(),
  structuredGoods: z.array(z.record(z.string(), z.unknown())),
  licensePlates: z.array(z.object({ roleId: z.string(), licensePlate: z.string(), countryCode: z.string().nullable(), type: z.enum(['TRUCK', 'TRAILER']) })),
  reservations: z.array(
    z.object({
      commentId: z.string(),
      kind: z.enum(RESERVATION_KINDS),
      text: z.string().nullable(),
      goodsLines: z.array(z.number()).optional(),
      createDateTimeServer: z.string(),
      accepted: z.boolean(),
      acceptedBy: z.object({ role: z.string(), type: z.string(), at: z.string() }).nullable(),
    }),
  ),
});

export type ReceiptResponse = z.infer<typeof receiptResponse>;

/** GET /procedures (contract §14, Additional Protocol art. 5(2)). */
export const proceduresResponse = z.object({
  url: z.string(),
  environment: z.enum(['partner', 'production']),
  legallyValid: z.boolean(),
  signingMethods: z.array(z.string()),
  publicKeyUrl: z.string(),
  retention: z.string(),
  procedures: z.object({
    issuing: z.string(),
    delivery: z.string(),
    integrity: z.string(),
    entitlement: z.string(),
    deliveryConfirmation: z.string(),
    amendments: z.string(),
    replacementByPaper: z.string(),
  }),
});

/*
 * The tRPC shapes of the same operations (portal and tablet): the REST body with the document id and, for writes,
 * the `idempotencyKey` of contract §13 (read by trpc/mutation-guards.ts).
 */
const idempotencyKey = z.string().optional();
const freightDocumentId = z.string().min(1);
export const giveInstructionRequest = z.object({ freightDocumentId, idempotencyKey, body: instructionInput });
export const answerInstructionRequest = z.object({ freightDocumentId, instructionId: z.string().min(1), idempotencyKey, body: instructionResponseInput });
export const reportImpedimentRequest = z.object({ freightDocumentId, idempotencyKey, body: impedimentInput });
export const recordCashOnDeliveryRequest = z.object({ freightDocumentId, idempotencyKey, body: cashOnDeliveryInput });
export const replaceByPaperRequest = z.object({ freightDocumentId, idempotencyKey, body: replaceByPaperInput });
export const receiptRequest = z.object({ freightDocumentId });
/** The withdrawal of a reservation, flat as the tablet's outbox and the portal send it. */
export const withdrawReservationRequest = z.object({ freightDocumentId, commentId: z.string().min(1), idempotencyKey, previousCommits });
