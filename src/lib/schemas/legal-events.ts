import { z } from 'zod';
import { IMPEDIMENT_KINDS, INSTRUCTION_KINDS, RESERVATION_KINDS } from '@/lib/domain/legal-events';
import { about, FORMATS, looseBoolean, looseBooleanOr, optional } from './common';
import { currencyCodeSchema, moneySchema, partyInput } from './freight-document';
import { partyResponse, structuredGoodsResponse } from './freight-document-response';
import { outboxAccountId, previousCommits, required, secondsSinceCreation, text, transferAttachmentInput } from './transfers';

/*
 * The request bodies of contract §14's operations (reservations are comments: see commentInput). Each parses its
 * own output to the same value, so REST, tRPC and the OpenAPI document share them.
 */

const requiredText = (max: number) => z.string(required('3.17')).trim().min(1, '3.1').max(max, '3.2');

/** POST …/instructions (CMR art. 12): the new party is required for the kinds that change one (3.1 on its field). */
export const instructionInput = z
  .object({
    kind: z
      .enum(INSTRUCTION_KINDS, required('3.9'))
      .meta(
        about(
          '`STOP` the carriage, `CHANGE_CONSIGNEE` (with `newConsignee`), `CHANGE_PLACE_OF_DELIVERY` (with `newPlaceOfDelivery`), `RETURN_TO_CONSIGNOR`, or `OTHER` (say what in `text`).',
          'CHANGE_CONSIGNEE',
        ),
      ),
    text: requiredText(4000).meta(about('The instruction in words, 1–4,000 characters (required, 3.1).', 'Deliver to our Cologne warehouse instead.')),
    newConsignee: optional(partyInput).meta(about('`CHANGE_CONSIGNEE`: the new consignee, as a party of a document (required for that kind, 3.1).')),
    newPlaceOfDelivery: optional(partyInput).meta(about('`CHANGE_PLACE_OF_DELIVERY`: the new place of delivery (required for that kind, 3.1).')),
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
    // Required (issue 35: it read as optional): missing, `""` or null is 3.1, anything but a boolean (or "true"/"false") 3.9.
    accepted: z
      .preprocess((value) => (value === '' || value === null ? undefined : value), looseBooleanOr(required('3.9')))
      .meta(
        about(
          '`true`: the carrier side carries the instruction out (a change of consignee or place replaces that party); `false`: it refuses, with `reason`. `"true"`/`"false"` accepted.',
          false,
        ),
      ),
    reason: optional(text(4000)).meta(
      about('Why the instruction is refused: required when `accepted` is false (3.1), CMR art. 12(5)(b).', 'The goods are already unloaded.'),
    ),
    previousCommits,
    secondsSinceCreation,
  })
  .superRefine((answer, context) => {
    if (answer.accepted === false && !answer.reason?.trim()) context.addIssue({ code: 'custom', message: '3.1', path: ['reason'] });
  });

/** POST …/impediments (CMR art. 14, 15). */
export const impedimentInput = z.object({
  kind: z
    .enum(IMPEDIMENT_KINDS, required('3.9'))
    .meta(about('`CARRIAGE_IMPOSSIBLE` (CMR art. 14), `DELIVERY_PREVENTED` or `CONSIGNEE_REFUSED` (art. 15).', 'CONSIGNEE_REFUSED')),
  text: requiredText(4000).meta(about('The circumstances, 1–4,000 characters (required, 3.1).', 'The consignee refuses to take the goods.')),
  attachments: optional(z.array(transferAttachmentInput, '3.17').max(10, '3.9')).meta(about('Up to 10 photos or files (3.9 for more).')),
  previousCommits,
  secondsSinceCreation,
});

/** POST …/cashondelivery (CMR art. 21): collected or not, with what was collected. */
export const cashOnDeliveryInput = z
  .object({
    collected: optional(looseBoolean).meta(about('Whether the cash on delivery was collected (required, 3.1; `"true"`/`"false"` accepted).', true)),
    amount: optional(moneySchema).meta(about(`The amount collected. ${FORMATS.money}`, 1250)),
    currency: optional(currencyCodeSchema).meta(about(`Its currency. ${FORMATS.currency}`, 'EUR')),
    reference: optional(text(255)).meta(about('A receipt or payment reference.', 'Receipt 4711')),
    previousCommits,
    secondsSinceCreation,
  })
  .superRefine((cash, context) => {
    if (cash.collected === undefined) context.addIssue({ code: 'custom', message: '3.1', path: ['collected'] });
  });

/** POST …/replacebypaper (Additional Protocol art. 5(1)(f)). */
export const replaceByPaperInput = z.object({
  reason: requiredText(2000).meta(
    about(
      'Why the electronic note is replaced, 1–2,000 characters (required, 3.1); printed on the PDF and the verification page.',
      'The truck’s tablet failed at the border.',
    ),
  ),
  previousCommits,
  secondsSinceCreation,
});

/** POST /freightdocuments/{id}/comments/{commentId}/withdrawal (contract §14): the heads the author saw. */
export const withdrawalInput = z.object({ previousCommits });

/** GET …/receipt (contract §14, Additional Protocol art. 6). */
export const receiptResponse = z.object({
  serviceNumber: z.string().meta(about('The document’s service number.', '000000000042')),
  verificationUrl: z.string().nullable().meta(about('The document’s public verification page.')),
  takenOverAt: z
    .string()
    .nullable()
    .meta(about(`When the collection completed. ${FORMATS.millis}`, '2026-11-23T08:15:00.000Z')),
  place: z.string().nullable().meta(about('Where, as the carrier’s collection approval names it.', 'Rotterdam')),
  carrier: partyResponse.nullable().meta(about('The carrier that took the goods over.')),
  goods: z.string().nullable().meta(about('The goods as text (rendered from the lines when the document has them).')),
  structuredGoods: z.array(structuredGoodsResponse).meta(about('The goods lines taken over.')),
  licensePlates: z
    .array(
      z.object({
        roleId: z.string().meta(about('The carrier role whose vehicle it is.')),
        licensePlate: z.string().meta(about('The registration.', 'BX-123-Z')),
        countryCode: z
          .string()
          .nullable()
          .meta(about(`The registering country. ${FORMATS.country}`, 'NLD')),
        type: z.enum(['TRUCK', 'TRAILER']).meta(about('`TRUCK` or `TRAILER`.', 'TRUCK')),
      }),
    )
    .meta(about('The vehicles recorded for the carrier roles.')),
  reservations: z
    .array(
      z.object({
        commentId: z.string().meta(about('The comment that records the reservation.')),
        kind: z.enum(RESERVATION_KINDS).meta(about('What it is about.', 'DAMAGE')),
        text: z.string().nullable().meta(about('Its text.')),
        goodsLines: z
          .array(z.number())
          .optional()
          .meta(about('The `productId`s of the lines it concerns; absent: all.', [1])),
        createDateTimeServer: z.string().meta(about(`When it was recorded. ${FORMATS.millis}`)),
        accepted: z.boolean().meta(about('Whether the consignor side’s collection approval accepted it (CMR art. 8(2)).')),
        acceptedBy: z
          .object({
            role: z.string().meta(about('The role that accepted it.', 'CONSIGNOR')),
            type: z.string().meta(about('How that approval was given (`OWN`, `TFA`, `SIGN_ON_GLASS`, `IMPLICIT`).', 'TFA')),
            at: z.string().meta(about(`When. ${FORMATS.millis}`)),
          })
          .nullable()
          .meta(about('The approval that accepted it; `null` when none did.')),
      }),
    )
    .meta(about('The reservations of the taking over, with whether they were accepted.')),
});

export type ReceiptResponse = z.infer<typeof receiptResponse>;

/** GET /procedures (contract §14, Additional Protocol art. 5(2)). */
export const proceduresResponse = z.object({
  url: z.string().meta(about('The human-readable page of the same statement.', 'https://fds.example.com/procedures')),
  environment: z
    .enum(['partner', 'production'])
    .meta(about('`production`, or `partner`: the test environment, whose documents are not legally valid.', 'production')),
  legallyValid: z.boolean().meta(about('Whether documents of this environment are legally valid consignment notes (production only).')),
  signingMethods: z.array(z.string()).meta(about('How parties may approve transfers here.', ['OWN', 'TFA', 'SIGN_ON_GLASS'])),
  publicKeyUrl: z.string().meta(about('Where the OpenPGP key that signs documents is published.', 'https://fds.example.com/api/pgp/publickey')),
  retention: z.string().meta(about('How long documents and their history are kept.')),
  procedures: z
    .object({
      issuing: z.string().meta(about('How a note is issued.')),
      delivery: z.string().meta(about('How a note is delivered to the parties.')),
      integrity: z.string().meta(about('How its integrity is kept: the commit chain, and how to recompute it.')),
      entitlement: z.string().meta(about('How an entitled party proves its entitlement.')),
      deliveryConfirmation: z.string().meta(about('How delivery is confirmed.')),
      amendments: z.string().meta(about('How amendments are recorded and kept.')),
      replacementByPaper: z.string().meta(about('How a note is replaced by a paper one.')),
    })
    .meta(about('The procedures of Additional Protocol art. 5(2), one text each, generated from the running configuration.')),
});

/*
 * The tRPC shapes of the same operations (portal and tablet): the REST body with the document id and, for writes,
 * the `idempotencyKey` of contract §13 (read by trpc/mutation-guards.ts).
 */
const idempotencyKey = z.string().optional();
const freightDocumentId = z.string().min(1);
export const giveInstructionRequest = z.object({ freightDocumentId, idempotencyKey, body: instructionInput });
export const answerInstructionRequest = z.object({ freightDocumentId, instructionId: z.string().min(1), idempotencyKey, body: instructionResponseInput });
export const reportImpedimentRequest = z.object({ freightDocumentId, idempotencyKey, outboxAccountId, body: impedimentInput });
export const recordCashOnDeliveryRequest = z.object({ freightDocumentId, idempotencyKey, outboxAccountId, body: cashOnDeliveryInput });
export const replaceByPaperRequest = z.object({ freightDocumentId, idempotencyKey, body: replaceByPaperInput });
export const receiptRequest = z.object({ freightDocumentId });
/** The withdrawal of a reservation, shaped as the tablet's outbox sends every write: the REST body with the comment's id. */
export const withdrawReservationRequest = z.object({
  freightDocumentId,
  idempotencyKey,
  outboxAccountId,
  body: withdrawalInput.extend({ commentId: z.string().min(1) }),
});
