import { z } from 'zod';
import { DOCUMENT_ACTIONS } from '@/lib/domain/document-actions';
import { IMPEDIMENT_KINDS, INSTRUCTION_KINDS, RESERVATION_KINDS, RESERVATION_STAGES } from '@/lib/domain/legal-events';
import { APPROVAL_TYPES, TRANSFER_ACTIONS } from '@/lib/domain/transfers';
import { ROLES, STATUSES } from './freight-document';

/**
 * Response schemas of a freight document (spec §2.3–2.8, contract §4–§7). A document is its content (the
 * same bytes for every reader: cacheable, signable, printable per commit) plus the caller's envelope (what
 * this caller holds, may do and may see). REST answers both merged; tRPC declares them as its output.
 */

const nullableString = z.string().nullable();

export const partyResponse = z.object({
  name: z.string().optional(),
  streetName: z.string().optional(),
  buildingNumber: z.string().optional(),
  postalBox: z.string().optional(),
  postalCode: z.string().optional(),
  cityName: z.string().optional(),
  countryCode: z.string().optional(),
  countryName: z.string().optional(),
  contactName: z.string().optional(),
  contactNote: z.string().optional(),
  contactEmailAddress: z.string().optional(),
  contactPhoneNumber: z.string().optional(),
  submittedAccountEmailAddress: z.string().optional(),
  submittedAccountNumber: z.string().optional(),
  glnCode: z.string().optional(),
  roleId: z.string(),
  accountId: nullableString,
});
export type PartyResponse = z.infer<typeof partyResponse>;

export const structuredGoodsResponse = z.object({
  type: z.enum(['GOOD', 'RTI']),
  name: z.string(),
  shortName: z.string().optional(),
  ssccCode: z.string().optional(),
  eanCode: z.string().optional(),
  internalCode: z.string().optional(),
  numberOfPackages: z.number().int().optional(),
  methodOfPackaging: z.string().optional(),
  natureOfGoods: z.string().optional(),
  statisticalNumber: z.number().int().optional(),
  weight: z.number().optional(),
  weightUnit: z.string().optional(),
  volume: z.number().optional(),
  volumeUnit: z.string().optional(),
  commercialValue: z.number().optional(),
  currency: z.string().optional(),
  productId: z.number().int(),
});

export const attachmentSummaryResponse = z.object({
  attachmentId: z.string(),
  /** SIGNATURE: the image of a sign-on-glass approval (clients tolerate new values, spec §2.1). */
  type: z.enum(['GOODS', 'GENERAL', 'COMMENT', 'SIGNATURE']),
  name: nullableString,
  originalFileName: z.string(),
  mimeType: z.string(),
  sealed: z.boolean(),
  size: z.number().int(),
});

export const accountSummaryResponse = z.object({
  accountId: z.string(),
  accountNumber: z.string().optional(),
  email: z.string().optional(),
  name: z.string().optional(),
  phoneNumber: nullableString.optional(),
});

/**
 * One commit of the document's chain (contract §6): every field its `commitId` hashes, so anyone recomputes the id
 * from this entry alone (docs/commit-chain.md); `accountId` is also inside `account`.
 */
export const updateResponse = z.object({
  freightDocumentId: z.string(),
  accountId: nullableString,
  account: accountSummaryResponse.nullable(),
  changeType: z.string(),
  commitId: z.string(),
  contentHash: z.string(),
  createDateTimeClient: nullableString,
  createDateTimeServer: z.string(),
  newFreightDocumentStatus: nullableString,
  previousCommits: z.array(z.string()),
});

const commitStamp = {
  commitId: z.string(),
  previousCommits: z.array(z.string()),
  createDateTimeClient: nullableString,
  createDateTimeServer: z.string(),
};

/** One approval of a cargo transfer (contract §7). */
export const approvalResponse = z.object({
  approvalId: z.string(),
  type: z.enum(APPROVAL_TYPES),
  action: z.enum(TRANSFER_ACTIONS),
  /** Which party approved: the carrier side handing over or receiving, or its counter party. */
  side: z.enum(['CARRIER', 'COUNTER_PARTY']),
  role: z.enum(ROLES),
  roleId: z.string(),
  /** The carrier-side role handing over (null at collection) and the receiving role (null at delivery). */
  fromRoleId: nullableString,
  toRoleId: nullableString,
  /** The account that approved; null for a signature on glass and an implicit approval. */
  account: accountSummaryResponse.nullable(),
  /** The account whose request recorded the approval (a delegate, or the carrier for its counter party). */
  submittedBy: accountSummaryResponse,
  place: nullableString,
  location: z.object({ latitude: z.string(), longitude: z.string() }).nullable(),
  declined: z.boolean(),
  remarks: nullableString,
  ...commitStamp,
  signedOnGlassBy: z.object({ name: z.string(), email: z.string().optional() }).optional(),
  /** The sealed signature image of a sign-on-glass approval. */
  attachmentId: z.string().optional(),
  /**
   * Contract §14: the commentIds of the reservations of the transfer's stage among the ancestors of the commits this
   * counter-party approval named (what the approver was shown), withdrawn ones left out; empty otherwise.
   */
  acceptedReservations: z.array(z.string()),
  /** Contract §14: reservations of that stage made after the heads the approver saw and before the approval: not accepted. */
  unseenReservations: z.array(z.string()),
});
export type ApprovalResponse = z.infer<typeof approvalResponse>;

/** A reservation (contract §14), on the comment that records it. */
export const reservationResponse = z.object({
  stage: z.enum(RESERVATION_STAGES),
  kind: z.enum(RESERVATION_KINDS),
  goodsLines: z.array(z.number()).optional(),
  /** Whether an after-delivery or delay reservation came within its time limit (always true for the others). */
  withinTimeLimit: z.boolean(),
  /** Recorded by the carrier side for the counter party on the hand-over page (contract §7): the signer's name. */
  recordedFor: z.object({ name: z.string() }).optional(),
  /** Withdrawn by its author before that stage's counter-party approval (contract §14): kept, left out of acceptances and boxes. */
  withdrawn: z.object({ at: z.string(), by: z.object({ accountNumber: nullableString, name: nullableString }) }).optional(),
});

/**
 * One comment (contract §7), with the commercial service's names beside ours: `type`, `accountId`,
 * `creatorName` (the account that wrote it) and `creatorRole` (the role it wrote it as).
 */
export const commentResponse = z.object({
  commentId: z.string(),
  type: z.enum(['COMMENT', 'RESERVATION']),
  text: nullableString,
  role: z.enum(ROLES),
  roleId: z.string(),
  account: accountSummaryResponse.nullable(),
  accountId: nullableString,
  creatorName: nullableString,
  creatorRole: z.enum(ROLES),
  submittedBy: accountSummaryResponse,
  attachments: z.array(attachmentSummaryResponse),
  /** Exactly as sent: a string or a JSON object. */
  clientMeta: z.union([z.string(), z.record(z.string(), z.unknown())]).nullable(),
  reservation: reservationResponse.nullable(),
  ...commitStamp,
});
export type CommentResponse = z.infer<typeof commentResponse>;

export const licensePlateResponse = z.object({
  roleId: z.string(),
  licensePlate: z.string(),
  countryCode: nullableString,
  type: z.enum(['TRUCK', 'TRAILER']),
});

/** Who holds the cargo now (contract §7): the carrier-side role, or null before the collection and after delivery. */
export const custodyResponse = z.object({ roleId: z.string(), role: z.enum(ROLES) }).nullable();

export const signingMethodsResponse = z.object({
  collection: z.array(z.string()),
  carrierToCarrier: z.array(z.string()),
  delivery: z.array(z.string()),
});

/** Who acted in a legal event (contract §14). */
const legalActorResponse = z.object({ accountNumber: nullableString, name: nullableString, role: z.enum(ROLES) });
const eventStamp = { commitId: z.string(), createDateTimeServer: z.string() };

/** An instruction of the right of disposal holder and the carrier side's answer (contract §14, CMR art. 12). */
export const instructionResponse = z.object({
  instructionId: z.string(),
  kind: z.enum(INSTRUCTION_KINDS),
  text: z.string(),
  newConsignee: z.record(z.string(), z.unknown()).optional(),
  newPlaceOfDelivery: z.record(z.string(), z.unknown()).optional(),
  givenBy: legalActorResponse,
  ...eventStamp,
  response: z.object({ accepted: z.boolean(), reason: z.string().optional(), answeredBy: legalActorResponse, ...eventStamp }).optional(),
});

/** An impediment to carriage or delivery reported by the carrier side (CMR art. 14, 15). */
export const impedimentResponse = z.object({
  impedimentId: z.string(),
  kind: z.enum(IMPEDIMENT_KINDS),
  text: z.string(),
  attachments: z.array(attachmentSummaryResponse),
  reportedBy: legalActorResponse,
  ...eventStamp,
});

/** Cash on delivery as last recorded (CMR art. 21). */
export const cashOnDeliveryResponse = z.object({
  collected: z.boolean(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  reference: z.string().optional(),
  recordedBy: legalActorResponse,
  ...eventStamp,
});

export const replacedByPaperResponse = z.object({ at: z.string(), byRole: z.enum(ROLES), reason: z.string() });

/** What every reader of a document sees alike. */
export const freightDocumentContent = z.object({
  freightDocumentId: z.string(),
  serviceNumber: z.string(),
  /** Always equal to `serviceNumber` (contract §4): clients of the commercial service compute TFA codes from this name. */
  transFollowNumber: z.string(),
  authorityReference: nullableString,
  type: z.string(),
  status: z.enum(STATUSES),
  submitterAccountId: z.string(),
  submitterName: nullableString,
  consignor: partyResponse.nullable(),
  consignee: partyResponse.nullable(),
  carrier: partyResponse.nullable(),
  placeOfTakingOver: partyResponse.nullable(),
  placeOfDelivery: partyResponse.nullable(),
  subsequentCarriers: z.array(partyResponse),
  agreedDateTimeOfTakingOver: nullableString,
  agreedDateOfTakingOver: nullableString,
  agreedDateTimeOfDelivery: nullableString,
  estimatedDateTimeOfTakingOver: nullableString,
  estimatedDateTimeOfDelivery: nullableString,
  establishedDate: nullableString,
  establishedPlace: nullableString,
  reimbursementCurrency: z.string().optional(),
  reimbursementAmount: z.number().optional(),
  paymentForCarriage: z.string().optional(),
  goods: nullableString,
  structuredGoods: z.array(structuredGoodsResponse),
  senderInstructions: z.string().optional(),
  specialAgreements: z.string().optional(),
  transportConditions: z.string().optional(),
  references: z.array(z.object({ name: z.string(), value: z.string() })),
  availableSigningMethods: signingMethodsResponse,
  carrierCode: nullableString,
  deliveryDate: nullableString,
  lastModifiedDateTime: z.string(),
  previousCommits: z.array(z.string()).meta({
    description:
      'The document’s current head commit ids (contract §6). Every change of an issued document sends the heads it last saw as its `previousCommits`; a client that worked offline from an older head is accepted, and the document then has several heads until a change names them all.',
  }),
  structuredGoodsHeader: z
    .object({ commitId: z.string(), createDateTimeClient: nullableString, createDateTimeServer: nullableString, previousCommits: z.array(z.string()) })
    .nullable(),
  licensePlates: z.array(licensePlateResponse),
  custody: custodyResponse,
  /** Contract §14: fixed at issue; the consignee holds the right of disposal from the start when true. */
  consigneeHasRightOfDisposal: z.boolean(),
  rightOfDisposal: z.object({ holderRole: z.enum(['CONSIGNOR', 'CONSIGNEE']) }),
  replacedByPaper: replacedByPaperResponse.nullable(),
  /** Single-document reads only, like the history (contract §14). */
  instructions: z.array(instructionResponse).optional(),
  impediments: z.array(impedimentResponse).optional(),
  cashOnDelivery: cashOnDeliveryResponse.nullable().optional(),
  /** Only in single-document reads; lists leave these four out (contract §4). */
  attachments: z.array(attachmentSummaryResponse).optional(),
  comments: z.array(commentResponse).optional(),
  approvals: z.array(approvalResponse).optional(),
  updates: z.array(updateResponse).optional(),
});
export type FreightDocumentContent = z.infer<typeof freightDocumentContent>;

export const ownPermissionResponse = z.object({
  permissions: z.array(z.enum(['UPDATE', 'VIEW_SEALED_ATTACHMENT', 'VIEW', 'DELEGATE'])),
  role: z.enum(ROLES),
  roleId: z.string(),
});

/** A transfer's TFA secrets as a party sees them (contract §8): the carrier side s1, s2, s3; the counter party s2, s3. */
export const transferSecretsResponse = z.object({ s1: z.string().optional(), s2: z.string(), s3: z.string() });

/**
 * What belongs to the caller: the roles it holds and how, what it may do now, its own delegates and
 * subscriptions, and the TFA secrets of the transfers it is a party of (single reads only; never in the content).
 */
export const callerEnvelope = z.object({
  ownPermissions: z.array(ownPermissionResponse),
  ownDelegates: z.array(z.object({ delegateId: z.string(), role: z.enum(ROLES), roleId: nullableString, delegateAccountId: z.string() })),
  allowedActions: z.array(z.enum(DOCUMENT_ACTIONS)).meta({
    description: 'What the caller may do now, in the document’s current state (contract §5); clients tolerate new values.',
  }),
  subscriptionCount: z.number().int(),
  collectionSecrets: transferSecretsResponse.optional(),
  carrierToCarrierSecrets: z.array(transferSecretsResponse.extend({ roleId: z.string() })).optional(),
  deliverySecrets: transferSecretsResponse.optional(),
  /** Contract §9: the public verification page of the document (`{PUBLIC_URL}/verify/{token}`); single reads only. */
  verificationUrl: z.string().optional(),
  /**
   * Accesses recorded in the document's history beside its commits (the latest 100): visits of the verification
   * page. Not commits: they change nothing and do not move the heads (decision 0014). Single reads only.
   */
  accesses: z.array(z.object({ type: z.enum(['VERIFICATION_PAGE']), accessDateTime: z.string() })).optional(),
});
export type CallerEnvelope = z.infer<typeof callerEnvelope>;

export const freightDocumentResponse = freightDocumentContent.extend(callerEnvelope.shape);
export type FreightDocumentResponse = z.infer<typeof freightDocumentResponse>;

export const freightDocumentListResponse = z.object({
  freightDocuments: z.array(freightDocumentResponse),
  first: z.number().int(),
  limit: z.number().int(),
  /** Exact up to 10,000 (`eq`); beyond that 10,000 with `gte` (contract §4). */
  total: z.number().int(),
  totalRelation: z.enum(['eq', 'gte']).meta({
    description: '`eq`: `total` is exact; `gte`: there are at least `total` (10,000) documents, so counting never costs more than the page.',
  }),
});

export const createdFreightDocumentResponse = z.object({ freightDocumentId: z.string() });
export const cancelledFreightDocumentResponse = z.object({ freightDocumentId: z.string(), status: z.literal('CANCELLED') });

/** POST …/comments (contract §7). */
export const createdCommentResponse = z.object({ commentId: z.string(), commitId: z.string() });
