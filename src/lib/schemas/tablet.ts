import { z } from 'zod';
import { handoverLinkInput, handoverReservation, handoverView } from './handover';
import { TRANSFER_ACTIONS, APPROVAL_TYPES } from '@/lib/domain/transfers';
import { freightDocumentResponse, transferSecretsResponse } from './freight-document-response';
import { ROLES, STATUSES } from './freight-document';
import { commentInput, counterPartyApprovalInput, licensePlatesInput, myApprovalInput, outboxAccountId } from './transfers';

/**
 * The carrier tablet's tRPC shapes (issue 9 part 4). Writes reuse the REST bodies of contract §7; each carries
 * an `idempotencyKey` (contract §13, read by trpc/mutation-guards.ts) so a retry on a poor connection is answered
 * from the first attempt and never approves twice.
 */
const idempotencyKey = z.string().optional();
const documentId = z.string().min(1);

export const tabletApproveOwnInput = z.object({ freightDocumentId: documentId, idempotencyKey, outboxAccountId, body: myApprovalInput });
export const tabletCounterPartyInput = z.object({ freightDocumentId: documentId, idempotencyKey, outboxAccountId, body: counterPartyApprovalInput });
export const tabletCommentInput = z.object({ freightDocumentId: documentId, idempotencyKey, outboxAccountId, body: commentInput });
export const tabletLicensePlatesInput = z.object({ freightDocumentId: documentId, idempotencyKey, outboxAccountId, body: licensePlatesInput });
/** A hand-over link is asked for online, when the QR panel opens: no outbox, no idempotency key. */
export const tabletHandoverLinkInput = z.object({ freightDocumentId: documentId, body: handoverLinkInput });

/** Which side of a transfer the caller is on: the carrier side handing over (or taking over at collection), or the receiving carrier. */
export const TABLET_SIDES = ['CARRIER', 'RECEIVING'] as const;

const partyName = z.object({ roleId: z.string(), role: z.enum(ROLES), name: z.string().nullable() });
const placeView = z.object({ name: z.string().nullable(), cityName: z.string().nullable(), countryCode: z.string().nullable() }).nullable();

/** One transfer due for the caller, as "My transfers" lists it. */
export const myTransferItem = z.object({
  freightDocumentId: z.string(),
  serviceNumber: z.string(),
  status: z.enum(STATUSES),
  action: z.enum(TRANSFER_ACTIONS),
  side: z.enum(TABLET_SIDES),
  /** Where the cargo changes hands (place of taking over, of delivery or the consignee, the receiving carrier). */
  place: placeView,
  counterParties: z.array(partyName),
  /** Issue 34 item 5: what is handed over in one short line (lib/domain/goods-summary); absent in copies saved before. */
  goods: z.string().nullable().optional(),
  /** The estimated (else agreed) time of the hand-over; null when the document gives none. The browser groups by its own day. */
  dueAt: z.string().nullable(),
  carrierApproved: z.boolean(),
  counterPartyApproved: z.boolean(),
  /** Issue 31 item 7: an instruction of the right of disposal waits for the carrier side's answer (on the list only). */
  pendingInstruction: z.boolean().optional(),
});
export const myTransfersResponse = z.object({ transfers: z.array(myTransferItem) });
export type MyTransferItem = z.infer<typeof myTransferItem>;

/** An open transfer of the hand-over screen, with what the caller needs to act on it. */
export const handOverTransfer = myTransferItem.omit({ freightDocumentId: true, serviceNumber: true, status: true }).extend({
  fromRoleId: z.string().nullable(),
  toRoleId: z.string().nullable(),
  /** The counter party's approval types the document allows for this transfer (IMPLICIT is always possible). */
  methods: z.array(z.enum(APPROVAL_TYPES)),
  /** The caller's carrier-side role that approves (and whose plates it edits). */
  myRoleId: z.string(),
  myRole: z.enum(ROLES),
  /** The transfer's TFA secrets as the caller may see them (contract §8). */
  secrets: transferSecretsResponse.nullable(),
});
export type HandOverTransfer = z.infer<typeof handOverTransfer>;
export const handOverResponse = z.object({ document: freightDocumentResponse, transfers: z.array(handOverTransfer) });
/** Issue 31: the heads and status an open hand-over screen compares with what it shows. */
export const handOverHeadsResponse = z.object({ previousCommits: z.array(z.string()), status: z.enum(STATUSES) });

/** The counter party's phone page: the carrier's challenge in, the response code out. */
export const responseCodeRequest = z.object({ challenge: z.string().max(64) });
export const responseCodeAnswer = z.object({
  responseCode: z.string(),
  freightDocumentId: z.string(),
  serviceNumber: z.string(),
  action: z.enum(TRANSFER_ACTIONS),
  /** False when the challenge covers comments this document does not have (yet): the carrier's device has newer ones. */
  commentsMatch: z.boolean(),
  /** The reservations of this transfer's stage the confirmation accepts (contract §14), shown before reading the code back. */
  reservations: z.array(handoverReservation),
  /** Issue 31 item 8: what the challenge's transfer hands over, shown before the code (absent when computed offline). */
  handedOver: handoverView.omit({ expiresAt: true }).optional(),
});

export const attachmentImageRequest = z.object({ freightDocumentId: documentId, attachmentId: z.string().min(1) });
export const attachmentImage = z.object({ mimeType: z.string(), contentBase64: z.string() });

/**
 * Issue 21: what the counter party's phone keeps to give response codes offline (contract §8): its own account
 * number and secret, and s2 and s3 of the open transfers where it is the counter party (what that party may see).
 */
export const offlineCodeKit = z.object({
  accountNumber: z.string(),
  accountSecret: z.string(),
  transfers: z.array(z.object({ freightDocumentId: z.string(), serviceNumber: z.string(), action: z.enum(TRANSFER_ACTIONS), s2: z.string(), s3: z.string() })),
  issuedAt: z.string(),
});
export type OfflineCodeKit = z.infer<typeof offlineCodeKit>;
