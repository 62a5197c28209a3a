import { z } from 'zod';
import { DOCUMENT_ACTIONS } from '@/lib/domain/document-actions';
import { IMPEDIMENT_KINDS, INSTRUCTION_KINDS, RESERVATION_KINDS, RESERVATION_STAGES } from '@/lib/domain/legal-events';
import { APPROVAL_TYPES, TRANSFER_ACTIONS } from '@/lib/domain/transfers';
import { documentAccessResponse, eftiEnvelopeResponse } from './efti';
import { about, FORMATS } from './common';
import { dangerousGoodsInput, partyInput, ROLES, STATUSES, structuredGoodsItemInput } from './freight-document';

/**
 * Response schemas of a freight document (spec §2.3–2.8, contract §4–§7). A document is its content (the
 * same bytes for every reader: cacheable, signable, printable per commit) plus the caller's envelope (what
 * this caller holds, may do and may see). REST answers both merged; tRPC declares them as its output.
 */

const nullableString = z.string().nullable();
/** A response field that means what the request field of the same name means (its description and example). */
const asSent = (field: z.ZodType) => field.meta() ?? {};
const party = partyInput.shape;
const line = structuredGoodsItemInput.shape;

export const partyResponse = z.object({
  name: z.string().optional().meta(asSent(party.name)),
  streetName: z.string().optional().meta(asSent(party.streetName)),
  buildingNumber: z.string().optional().meta(asSent(party.buildingNumber)),
  postalBox: z.string().optional().meta(asSent(party.postalBox)),
  postalCode: z.string().optional().meta(asSent(party.postalCode)),
  cityName: z.string().optional().meta(asSent(party.cityName)),
  countryCode: z.string().optional().meta(asSent(party.countryCode)),
  countryName: z.string().optional().meta(asSent(party.countryName)),
  contactName: z.string().optional().meta(asSent(party.contactName)),
  contactNote: z.string().optional().meta(asSent(party.contactNote)),
  contactEmailAddress: z.string().optional().meta(asSent(party.contactEmailAddress)),
  contactPhoneNumber: z.string().optional().meta(asSent(party.contactPhoneNumber)),
  submittedAccountEmailAddress: z.string().optional().meta(asSent(party.submittedAccountEmailAddress)),
  submittedAccountNumber: z.string().optional().meta(asSent(party.submittedAccountNumber)),
  glnCode: z.string().optional().meta(asSent(party.glnCode)),
  taxRegistrationId: z.string().optional().meta(asSent(party.taxRegistrationId)),
  roleId: z
    .string()
    .meta(
      about(
        'This role’s id in the document: send it back in a PUT, and name the role by it in delegations, plates (`roleId`) and hand-overs (`counterPartyRoleId`).',
      ),
    ),
  accountId: nullableString.meta(
    about('The account that holds the role; `null` while a person invited by e-mail has not signed up, and for a party named on paper only.'),
  ),
});
export type PartyResponse = z.infer<typeof partyResponse>;

export const structuredGoodsResponse = z.object({
  type: z.enum(['GOOD', 'RTI']).meta(asSent(line.type)),
  name: z.string().meta(asSent(line.name)),
  shortName: z.string().optional().meta(asSent(line.shortName)),
  ssccCode: z.string().optional().meta(asSent(line.ssccCode)),
  eanCode: z.string().optional().meta(asSent(line.eanCode)),
  internalCode: z.string().optional().meta(asSent(line.internalCode)),
  numberOfPackages: z.number().int().optional().meta(asSent(line.numberOfPackages)),
  methodOfPackaging: z.string().optional().meta(asSent(line.methodOfPackaging)),
  natureOfGoods: z.string().optional().meta(asSent(line.natureOfGoods)),
  statisticalNumber: z.number().int().optional().meta(asSent(line.statisticalNumber)),
  weight: z.number().optional().meta(asSent(line.weight)),
  weightUnit: z.string().optional().meta(about('Unit of `weight`: `KILOGRAM`, `TONNE` or `POUND` (tolerate new values).', 'KILOGRAM')),
  volume: z.number().optional().meta(asSent(line.volume)),
  volumeUnit: z.string().optional().meta(about('Unit of `volume`: `LITRE` or `CUBIC_METRE` (tolerate new values).', 'CUBIC_METRE')),
  commercialValue: z.number().optional().meta(asSent(line.commercialValue)),
  currency: z.string().optional().meta(asSent(line.currency)),
  marksAndNumbers: z.string().optional().meta(asSent(line.marksAndNumbers)),
  dangerousGoods: z
    .object({
      unNumber: z.string().meta(asSent(dangerousGoodsInput.shape.unNumber)),
      properShippingName: z.string().optional().meta(asSent(dangerousGoodsInput.shape.properShippingName)),
    })
    .optional()
    .meta(asSent(line.dangerousGoods)),
  productId: z
    .number()
    .int()
    .meta(
      about(
        'The line’s id within the document (1, 2, …): reservations (`goodsLines`) and goods corrections name the line by it; a PUT keeps the line when it sends it back.',
        1,
      ),
    ),
});

export const attachmentSummaryResponse = z.object({
  attachmentId: z.string().meta(about('The attachment’s id: read it with `GET /attachment/{id}` (base64) or `…/content` (the bytes).')),
  /** SIGNATURE: the image of a sign-on-glass approval (clients tolerate new values, spec §2.1). */
  type: z
    .enum(['GOODS', 'GENERAL', 'COMMENT', 'SIGNATURE'])
    .meta(
      about(
        '`GOODS` or `GENERAL` (the document’s files), `COMMENT` (sent with a comment, reservation or impediment), `SIGNATURE` (the image of a sign-on-glass approval).',
      ),
    ),
  name: nullableString.meta(about('The title sent with it; `null` when none was.')),
  originalFileName: z.string().meta(about('The file name it was sent with.', 'pallets.png')),
  mimeType: z.string().meta(about('The media type read from its bytes: `application/pdf`, `image/png` or `image/jpeg`.', 'image/png')),
  sealed: z.boolean().meta(about('`true`: only holders of `VIEW_SEALED_ATTACHMENT` read its content (others see it listed, and get 1.4).')),
  size: z.number().int().meta(about('Its size in bytes.', 70)),
});

export const accountSummaryResponse = z
  .object({
    accountId: z.string().meta(about('The account’s id.')),
    accountNumber: z.string().optional().meta(about('Its account number: 7 or 8 digits.', '1000001')),
    email: z.string().optional().meta(about('Its e-mail address.', 'ann@example.com')),
    name: z.string().optional().meta(about('Its name.', 'Ann')),
    phoneNumber: nullableString.optional().meta(about('Its phone number, `null` when it gave none.')),
  })
  .meta(about('An account as others see it in a document: shown as far as the reader may see it (at least its id).'));

/**
 * One commit of the document's chain (contract §6): every field its `commitId` hashes, so anyone recomputes the id
 * from this entry alone (docs/guides/verify-a-document.md); `accountId` is also inside `account`.
 */
export const updateResponse = z.object({
  freightDocumentId: z.string().meta(about('The document the commit belongs to (hashed into the commit id).')),
  accountId: nullableString.meta(
    about('The account that made the change, as hashed into the commit id (also inside `account`); `null` for changes no account made.'),
  ),
  account: accountSummaryResponse
    .nullable()
    .meta(about('The account that made the change; `null` for changes no account made (a signature on a hand-over link is its requester’s).')),
  changeType: z
    .string()
    .meta(
      about(
        'What the commit changed: `CREATE`, `UPDATE` (PUT), `ISSUE`, `CANCEL`, `ESTIMATED_TIMES`, `STRUCTURED_GOODS`, `ATTACHMENT`, `APPROVAL`, `STATUS_UPDATE`, `COMMENT`, `LICENSE_PLATES`, or a legal event (`RESERVATION`, `INSTRUCTION`, `INSTRUCTION_RESPONSE`, `IMPEDIMENT`, `CASH_ON_DELIVERY`, `REPLACED_BY_PAPER`) or `RESERVATION_WITHDRAWAL`. Tolerate new values.',
        'APPROVAL',
      ),
    ),
  commitId: z
    .string()
    .meta(
      about(
        'The commit’s id: lowercase hex SHA-256 of the RFC 8785 canonical JSON of `{freightDocumentId, changeType, accountId, newFreightDocumentStatus, previousCommits, createDateTimeClient, createDateTimeServer, contentHash}`, with `previousCommits` sorted and every value as this entry shows it (`accountId` from `account`, `null` where absent). Anyone can recompute it.',
      ),
    ),
  contentHash: z
    .string()
    .meta(about('Lowercase hex SHA-256 of the canonical JSON of the document’s content after this change (see “Verify a document yourself”).')),
  createDateTimeClient: nullableString.meta(
    about(
      `When the change was made on the device: the server time less the \`secondsSinceCreation\` it sent. ${FORMATS.millis} \`null\` in commits made before devices sent it.`,
    ),
  ),
  createDateTimeServer: z.string().meta(about(`When the server recorded the change. ${FORMATS.millis}`, '2026-11-24T07:58:12.000Z')),
  newFreightDocumentStatus: nullableString.meta(about('The status this change moved the document to; `null` when it moved nothing.', 'TRANSIT')),
  previousCommits: z.array(z.string()).meta(about('The commits this one follows (its parents): the heads the client sent.')),
});

const commitStamp = {
  commitId: z.string().meta(about('The commit that recorded it (an entry of `updates`).')),
  previousCommits: z.array(z.string()).meta(about('The heads the client named when it made the change (the commit’s parents).')),
  createDateTimeClient: nullableString.meta(about(`When it was made on the device (server time less \`secondsSinceCreation\`). ${FORMATS.millis}`)),
  createDateTimeServer: z.string().meta(about(`When the server recorded it. ${FORMATS.millis}`, '2026-11-24T07:58:12.000Z')),
};

/** One approval of a cargo transfer (contract §7). */
export const approvalResponse = z.object({
  approvalId: z.string().meta(about('The approval’s id.')),
  type: z
    .enum(APPROVAL_TYPES)
    .meta(
      about(
        'How it was given: `OWN` (by the party on its own account), `TFA` (a two-factor code on the carrier’s device), `SIGN_ON_GLASS` (a signature on a screen or hand-over link) or `IMPLICIT` (recorded by the carrier side without evidence).',
      ),
    ),
  action: z
    .enum(TRANSFER_ACTIONS)
    .meta(about('The transfer: `COLLECTION` (consignor side → carrier), `CARRIER_TO_CARRIER` (between carriers) or `DELIVERY` (→ consignee side).')),
  /** Which party approved: the carrier side handing over or receiving, or its counter party. */
  side: z
    .enum(['CARRIER', 'COUNTER_PARTY'])
    .meta(about('`CARRIER`: the carrier side of the transfer; `COUNTER_PARTY`: the party handing over to it or receiving from it.')),
  role: z.enum(ROLES).meta(about('The role it approved as.', 'CARRIER')),
  roleId: z.string().meta(about('The `roleId` of that role.')),
  /** The carrier-side role handing over (null at collection) and the receiving role (null at delivery). */
  fromRoleId: nullableString.meta(about('The carrier role handing the goods over; `null` at the collection.')),
  toRoleId: nullableString.meta(about('The carrier role receiving the goods; `null` at the delivery.')),
  /** The account that approved; null for a signature on glass and an implicit approval. */
  account: accountSummaryResponse
    .nullable()
    .meta(about('The account that approved; `null` for a signature on glass and an implicit approval (nobody signed in).')),
  /** The account whose request recorded the approval (a delegate, or the carrier for its counter party). */
  submittedBy: accountSummaryResponse.meta(about('The account whose request recorded it: the approver, a delegate, or the carrier for its counter party.')),
  place: nullableString.meta(about('Where it was given, as sent.', 'Rotterdam')),
  location: z
    .object({
      latitude: z.string().meta(about('Degrees north (−90…90), as a decimal string.', '51.9225')),
      longitude: z.string().meta(about('Degrees east (−180…180), as a decimal string.', '4.47917')),
    })
    .nullable()
    .meta(about('Where the device was (WGS 84), when it sent a location.')),
  declined: z.boolean().meta(about('`true`: the party refused the transfer (with `remarks`); nothing moved.')),
  remarks: nullableString.meta(about('What the party wrote, e.g. why it declined.')),
  ...commitStamp,
  signedOnGlassBy: z
    .object({
      name: z.string().meta(about('The signer’s name as typed.', 'B. Jansen')),
      email: z.string().optional().meta(about('The signer’s e-mail, when given.')),
    })
    .optional()
    .meta(about('Sign-on-glass only: who signed.')),
  /** The sealed signature image of a sign-on-glass approval. */
  attachmentId: z.string().optional().meta(about('Sign-on-glass only: the sealed attachment holding the signature image.')),
  /** Contract §14: the commentIds of the reservations this counter-party approval accepted; empty otherwise. */
  acceptedReservations: z
    .array(z.string())
    .meta(
      about(
        'The `commentId`s of the reservations of this transfer’s stage this counter-party approval accepted (CMR art. 8(2)): those among the ancestors of the commits its `previousCommits` names — what the approver was shown —, withdrawn ones left out. Empty for the carrier side’s own approvals and for a decline.',
      ),
    ),
  unseenReservations: z
    .array(z.string())
    .meta(
      about(
        'The `commentId`s of reservations of that stage made after the heads the approver saw and before the approval: not accepted by it (the approver’s screen says so). Empty when none.',
      ),
    ),
});
export type ApprovalResponse = z.infer<typeof approvalResponse>;

/** A reservation (contract §14), on the comment that records it. */
export const reservationResponse = z.object({
  stage: z.enum(RESERVATION_STAGES).meta(about('The moment it belongs to (see the reservation request).', 'TAKING_OVER')),
  kind: z.enum(RESERVATION_KINDS).meta(about('What it is about.', 'DAMAGE')),
  goodsLines: z
    .array(z.number())
    .optional()
    .meta(about('The `productId`s of the goods lines it concerns; absent: the whole consignment.', [1])),
  /** Whether an after-delivery or delay reservation came within its time limit (always true for the others). */
  withinTimeLimit: z
    .boolean()
    .meta(
      about(
        'Whether it came in time: `AFTER_DELIVERY` within 7 UTC days after the delivery’s day (Sundays not counted), `DELAY` within 21 × 24 hours of the delivery (CMR art. 30); always `true` for the other stages.',
      ),
    ),
  recordedFor: z
    .object({ name: z.string().meta(about('The signer’s name as given on the hand-over page.', 'Eva Janssen')) })
    .optional()
    .meta(about('Present when the carrier side recorded it for the counter party on the hand-over page: the signer’s name.')),
  withdrawn: z
    .object({
      at: z.string().meta(about(`When it was withdrawn. ${FORMATS.millis}`)),
      by: z
        .object({
          accountNumber: nullableString.meta(about('Account number of whoever withdrew it.', '1000001')),
          name: nullableString.meta(about('Name of whoever withdrew it.', 'Piet Driver')),
        })
        .meta(about('Who withdrew it (its author).')),
    })
    .optional()
    .meta(
      about(
        'Present once its author withdrew it, before that stage’s counter-party approval: it stays in the history, is left out of `acceptedReservations` and of boxes 18 and 24 of the PDF (its annex lists it as withdrawn).',
      ),
    ),
});

/**
 * One comment (contract §7), with the commercial service's names beside ours: `type`, `accountId`,
 * `creatorName` (the account that wrote it) and `creatorRole` (the role it wrote it as).
 */
export const commentResponse = z.object({
  commentId: z.string().meta(about('The comment’s id.')),
  type: z
    .enum(['COMMENT', 'RESERVATION'])
    .meta(about('`RESERVATION` when it carries a `reservation`, else `COMMENT` (the commercial service’s name for the kind).')),
  text: nullableString.meta(about('What was written; `null` for photos only. Every comment text feeds the two-factor codes’ content hash.')),
  role: z.enum(ROLES).meta(about('The role it was written as.', 'CARRIER')),
  roleId: z.string().meta(about('The `roleId` of that role.')),
  account: accountSummaryResponse.nullable().meta(about('The account that wrote it.')),
  accountId: nullableString.meta(about('The same account’s id (the commercial service’s name).')),
  creatorName: nullableString.meta(about('The name of the account that wrote it (the commercial service’s name).', 'Carl')),
  creatorRole: z.enum(ROLES).meta(about('The role it was written as (the commercial service’s name).', 'CARRIER')),
  submittedBy: accountSummaryResponse.meta(about('The account whose request recorded it (the writer, or its delegate).')),
  attachments: z.array(attachmentSummaryResponse).meta(about('Photos and files sent with it (`type` `COMMENT`).')),
  /** Exactly as sent: a string or a JSON object. */
  clientMeta: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .meta(about('The client’s own data, exactly as sent (a string, `""` included, or a JSON object); `null` when none was sent.', { app: 'fleet-7' })),
  reservation: reservationResponse.nullable().meta(about('The reservation this comment records (CMR art. 8, 30); `null` for a plain comment.')),
  ...commitStamp,
});
export type CommentResponse = z.infer<typeof commentResponse>;

export const licensePlateResponse = z.object({
  roleId: z.string().meta(about('The carrier role (`carrier` or a subsequent carrier) whose vehicle it is.')),
  licensePlate: z.string().meta(about('The registration as written on the plate.', 'BX-123-Z')),
  countryCode: nullableString.meta(about(`The registering country. ${FORMATS.country}`, 'NLD')),
  type: z.enum(['TRUCK', 'TRAILER']).meta(about('`TRUCK` (the motor vehicle) or `TRAILER`.', 'TRUCK')),
});

/** Who holds the cargo now (contract §7): the carrier-side role, or null before the collection and after delivery. */
export const custodyResponse = z
  .object({
    roleId: z.string().meta(about('The `roleId` of the carrier role holding the goods.')),
    role: z.enum(ROLES).meta(about('`CARRIER` or `SUBSEQUENT_CARRIER`.', 'CARRIER')),
  })
  .nullable()
  .meta(
    about(
      'Who holds the goods now: the carrier after the collection, then each subsequent carrier that received them; `null` before the collection and after the delivery. Only the holder hands over.',
    ),
  );

export const signingMethodsResponse = z
  .object({
    collection: z.array(z.string()).meta(about('How the consignor side may approve the collection (`OWN`, `TFA`).', ['OWN', 'TFA'])),
    carrierToCarrier: z.array(z.string()).meta(about('How a receiving subsequent carrier may approve (`OWN`, `TFA`).', ['OWN', 'TFA'])),
    delivery: z
      .array(z.string())
      .meta(about('How the consignee side may approve the delivery (`OWN`, `TFA`, `SIGN_ON_GLASS`).', ['OWN', 'TFA', 'SIGN_ON_GLASS'])),
  })
  .meta(about('How each transfer’s counter party may approve with evidence (an implicit approval is always possible); a type not listed is 4.50.'));

/** Who acted in a legal event (contract §14). */
const legalActorResponse = z.object({
  accountNumber: nullableString.meta(about('The account number of who acted.', '1000001')),
  name: nullableString.meta(about('Their name.', 'Ann')),
  role: z.enum(ROLES).meta(about('The role they acted in.', 'CONSIGNOR')),
});
const eventStamp = {
  commitId: z.string().meta(about('The commit that recorded it.')),
  createDateTimeServer: z.string().meta(about(`When the server recorded it. ${FORMATS.millis}`, '2026-11-24T10:05:00.000Z')),
};

/** An instruction of the right of disposal holder and the carrier side's answer (contract §14, CMR art. 12). */
export const instructionResponse = z.object({
  instructionId: z.string().meta(about('The instruction’s id: the carrier side answers it at `…/instructions/{instructionId}/response`.')),
  kind: z.enum(INSTRUCTION_KINDS).meta(about('What the holder of the right of disposal asks (see the instruction request).', 'CHANGE_CONSIGNEE')),
  text: z.string().meta(about('The instruction in words.', 'Deliver to our Cologne warehouse instead.')),
  newConsignee: partyResponse.partial().optional().meta(about('`CHANGE_CONSIGNEE`: the new consignee as sent.')),
  newPlaceOfDelivery: partyResponse.partial().optional().meta(about('`CHANGE_PLACE_OF_DELIVERY`: the new place of delivery as sent.')),
  givenBy: legalActorResponse.meta(about('Who gave it.')),
  ...eventStamp,
  response: z
    .object({
      accepted: z.boolean().meta(about('`true`: the carrier side carries it out; an accepted change of consignee or place replaces that party.')),
      reason: z.string().optional().meta(about('Why it was refused (CMR art. 12(5)(b)).')),
      answeredBy: legalActorResponse.meta(about('Who answered.')),
      ...eventStamp,
    })
    .optional()
    .meta(about('The carrier side’s answer; absent while the instruction is pending.')),
});

/** An impediment to carriage or delivery reported by the carrier side (CMR art. 14, 15). */
export const impedimentResponse = z.object({
  impedimentId: z.string().meta(about('The report’s id.')),
  kind: z.enum(IMPEDIMENT_KINDS).meta(about('What stands in the way (see the impediment request).', 'CONSIGNEE_REFUSED')),
  text: z.string().meta(about('The circumstances in words.', 'The consignee refuses to take the goods.')),
  attachments: z.array(attachmentSummaryResponse).meta(about('Photos sent with the report.')),
  reportedBy: legalActorResponse.meta(about('Who reported it.')),
  ...eventStamp,
});

/** Cash on delivery as last recorded (CMR art. 21). */
export const cashOnDeliveryResponse = z.object({
  collected: z.boolean().meta(about('Whether the carrier collected the cash on delivery.')),
  amount: z.number().optional().meta(about('The amount collected, in `currency`.', 1250)),
  currency: z
    .string()
    .optional()
    .meta(about(`Its currency. ${FORMATS.currency}`, 'EUR')),
  reference: z.string().optional().meta(about('A receipt or payment reference.', 'Receipt 4711')),
  recordedBy: legalActorResponse.meta(about('Who recorded it.')),
  ...eventStamp,
});

export const replacedByPaperResponse = z.object({
  at: z.string().meta(about(`When the note was replaced by paper. ${FORMATS.millis}`, '2026-11-24T11:00:00.000Z')),
  byRole: z.enum(ROLES).meta(about('The role of who replaced it.', 'CARRIER')),
  reason: z.string().meta(about('Why, as they wrote it.', 'The truck’s tablet failed at the border.')),
});

/** What every reader of a document sees alike. */
export const freightDocumentContent = z.object({
  freightDocumentId: z.string().meta(about('The document’s id (a UUID): the `{id}` of its paths.', 'c28eb455-a576-488f-94f1-9529e9108553')),
  serviceNumber: z
    .string()
    .meta(about('The document’s number: 12 digits, zero-padded, unique and gap-free per environment, given at creation.', '000000000042')),
  /** Always equal to `serviceNumber` (contract §4): clients of the commercial service compute TFA codes from this name. */
  transFollowNumber: z
    .string()
    .meta(about('Always equal to `serviceNumber`: the commercial service’s name for it, which its client apps compute two-factor codes from.', '000000000042')),
  authorityReference: nullableString.meta(about('A reference given by an authority; always `null` here (kept for clients that read it).')),
  type: z.string().meta(about('The kind of document: `WAYBILL`.', 'WAYBILL')),
  status: z
    .enum(STATUSES)
    .meta(
      about(
        '`DRAFT` (the submitter may still change it), `ISSUED` (content fixed, not yet collected), `TRANSIT` (collected, on its way), `DELIVERED`. `CANCELLED` documents answer 4.47 and are never listed.',
        'ISSUED',
      ),
    ),
  submitterAccountId: z.string().meta(about('The account that created the document (role `SUBMITTER`).')),
  submitterName: nullableString.meta(about('That account’s name.', 'Ann')),
  consignor: partyResponse.nullable().meta(about('The sender (box 1).')),
  consignee: partyResponse.nullable().meta(about('The receiver (box 2).')),
  carrier: partyResponse.nullable().meta(about('The carrier (box 16); `null` until one is named.')),
  placeOfTakingOver: partyResponse.nullable().meta(about('Where the goods are taken over (box 4).')),
  placeOfDelivery: partyResponse.nullable().meta(about('Where they are delivered (box 3); `null` when that is the consignee’s address.')),
  subsequentCarriers: z.array(partyResponse).meta(about('The carriers after the first (box 17), in their order.')),
  agreedDateTimeOfTakingOver: nullableString.meta(about(`The agreed time of taking over. ${FORMATS.seconds}`, '2026-11-23T08:00:00Z')),
  agreedDateOfTakingOver: nullableString.meta(about('The UTC day of `agreedDateTimeOfTakingOver`, `YYYY-MM-DD`.', '2026-11-23')),
  agreedDateTimeOfDelivery: nullableString.meta(about(`The agreed time of delivery. ${FORMATS.seconds}`, '2026-11-25T16:00:00Z')),
  estimatedDateTimeOfTakingOver: nullableString.meta(about(`The expected time of taking over. ${FORMATS.seconds}`, '2026-11-23T08:30:00Z')),
  estimatedDateTimeOfDelivery: nullableString.meta(about(`The expected time of delivery. ${FORMATS.seconds}`, '2026-11-25T15:00:00Z')),
  establishedDate: nullableString.meta(about('The day the note was made out (box 21), `YYYY-MM-DD`.', '2026-11-22')),
  establishedPlace: nullableString.meta(about('Where the note was made out (box 21).', 'Rotterdam')),
  reimbursementCurrency: z
    .string()
    .optional()
    .meta(about(`Currency of \`reimbursementAmount\`. ${FORMATS.currency}`, 'EUR')),
  reimbursementAmount: z.number().optional().meta(about('Cash on delivery to collect from the consignee (box 15); absent: none.', 1250)),
  paymentForCarriage: z.string().optional().meta(about('Who pays the carriage charges (box 14).', 'Carriage paid')),
  goods: nullableString.meta(about('The goods as text: as sent for a document without lines, else a table rendered from `structuredGoods`.')),
  structuredGoods: z.array(structuredGoodsResponse).meta(about('The goods lines (boxes 6–12); empty for a document with free-text `goods`.')),
  senderInstructions: z.string().optional().meta(about('The sender’s instructions (box 13).')),
  specialAgreements: z.string().optional().meta(about('Special agreements (box 19).')),
  transportConditions: z.string().optional().meta(about('The conditions of carriage, as text.')),
  references: z
    .array(
      z.object({
        name: z.string().meta(about('What the reference is.', 'Order number')),
        value: z.string().meta(about('The reference.', 'PO-2026-0815')),
      }),
    )
    .meta(about('The parties’ references.')),
  availableSigningMethods: signingMethodsResponse,
  carrierCode: nullableString.meta(about('The carrier’s own code of this transport.', 'TRIP-4711')),
  deliveryDate: nullableString.meta(about(`When the goods were delivered, as the submitter recorded it. ${FORMATS.seconds}`)),
  lastModifiedDateTime: z.string().meta(about(`When the document last changed (its newest commit). ${FORMATS.millis}`, '2026-11-24T08:01:40.000Z')),
  previousCommits: z
    .array(z.string())
    .meta(
      about(
        'The document’s current head commit ids. Every change of an issued document sends the heads it last saw as its `previousCommits`; a client that worked offline from an older head is accepted, and the document then has several heads until a change names them all.',
      ),
    ),
  structuredGoodsHeader: z
    .object({
      commitId: z.string().meta(about('The commit that last set the goods lines.')),
      createDateTimeClient: nullableString.meta(about(`When that change was made on the device. ${FORMATS.millis}`)),
      createDateTimeServer: nullableString.meta(about(`When the server recorded it. ${FORMATS.millis}`)),
      previousCommits: z.array(z.string()).meta(about('That commit’s parents.')),
    })
    .nullable()
    .meta(about('The commit that last set `structuredGoods` (creation, a PUT, a correction); `null` for a document without lines.')),
  licensePlates: z.array(licensePlateResponse).meta(about('The vehicles of the carrier roles, set with PATCH …/licenseplates.')),
  custody: custodyResponse,
  /** Contract §14: fixed at issue; the consignee holds the right of disposal from the start when true. */
  consigneeHasRightOfDisposal: z.boolean().meta(about('`true`: the consignee has held the right of disposal from the start (CMR art. 12(3)); fixed at issue.')),
  rightOfDisposal: z
    .object({ holderRole: z.enum(['CONSIGNOR', 'CONSIGNEE']).meta(about('The role whose holders may give instructions now.', 'CONSIGNOR')) })
    .meta(
      about(
        'Who may give the carrier instructions now (CMR art. 12): the consignor until the delivery completes, then the consignee; the consignee from the start with `consigneeHasRightOfDisposal`.',
      ),
    ),
  replacedByPaper: replacedByPaperResponse
    .nullable()
    .meta(about('Set once the note is replaced by a paper consignment note; every later change is then 4.63. `null` otherwise.')),
  /** Single-document reads only, like the history (contract §14). */
  instructions: z.array(instructionResponse).optional().meta(about('Instructions of the right of disposal and their answers (single reads only).')),
  impediments: z.array(impedimentResponse).optional().meta(about('Reported impediments to carriage or delivery (single reads only).')),
  cashOnDelivery: cashOnDeliveryResponse.nullable().optional().meta(about('The cash on delivery as last recorded; `null` when none was (single reads only).')),
  /** Only in single-document reads; lists leave these four out (contract §4). */
  attachments: z.array(attachmentSummaryResponse).optional().meta(about('The document’s files, without content (single reads only).')),
  comments: z.array(commentResponse).optional().meta(about('Comments and reservations, oldest first (single reads only).')),
  approvals: z.array(approvalResponse).optional().meta(about('Every approval of every transfer, oldest first (single reads only).')),
  updates: z.array(updateResponse).optional().meta(about('Every commit of the document, oldest first: the history anyone can recompute (single reads only).')),
});
export type FreightDocumentContent = z.infer<typeof freightDocumentContent>;

export const ownPermissionResponse = z.object({
  permissions: z
    .array(z.enum(['UPDATE', 'VIEW_SEALED_ATTACHMENT', 'VIEW', 'DELEGATE']))
    .meta(
      about(
        'The rights the role gives: every role `VIEW` and `DELEGATE`; the submitter `UPDATE`; submitter, consignor and consignee `VIEW_SEALED_ATTACHMENT`.',
        ['VIEW', 'DELEGATE'],
      ),
    ),
  role: z.enum(ROLES).meta(about('A role the caller holds, itself or as a delegate.', 'CARRIER')),
  roleId: z.string().meta(about('That role’s `roleId`.')),
});

/** A transfer's TFA secrets as a party sees them (contract §8): the carrier side s1, s2, s3; the counter party s2, s3. */
export const transferSecretsResponse = z
  .object({
    s1: z.string().optional().meta(about('Up to 4 digits, for the carrier side only: part of the challenge.', '12')),
    s2: z.string().meta(about('Up to 3 digits, for both parties: part of the response.', '9')),
    s3: z.string().meta(about('Up to 3 digits, for both parties: part of the challenge.', '345')),
  })
  .meta(about('The transfer’s two-factor secrets, as far as the caller is a party of it (guide: two-factor codes); absent for everyone else.'));

/**
 * What belongs to the caller: the roles it holds and how, what it may do now, its own delegates and
 * subscriptions, and the TFA secrets of the transfers it is a party of (single reads only; never in the content).
 */
export const callerEnvelope = z.object({
  ownPermissions: z.array(ownPermissionResponse).meta(about('One entry per role the caller holds in this document.')),
  ownDelegates: z
    .array(
      z.object({
        delegateId: z.string().meta(about('The delegation’s id (end it with DELETE …/delegates/{delegateId}).')),
        role: z.enum(ROLES).meta(about('The role delegated.', 'CARRIER')),
        roleId: nullableString.meta(about('The role’s `roleId`; `null` for an account-wide delegation.')),
        delegateAccountId: z.string().meta(about('The account that received it.')),
      }),
    )
    .meta(about('The delegations the caller made that reach this document.')),
  allowedActions: z
    .array(z.enum(DOCUMENT_ACTIONS))
    .meta(
      about(
        'What the caller may do now, in the document’s current state: drive buttons from it. Each value names the call it allows (`APPROVE_COLLECTION`: submitmyapproval with `COLLECTION`, `RECORD_COUNTERPARTY_APPROVAL`: submitcounterpartyapproval, `RESERVE`: a comment with `reservation` …). Clients tolerate new values.',
        ['COMMENT', 'APPROVE_COLLECTION', 'DELEGATE', 'SUBSCRIBE'],
      ),
    ),
  subscriptionCount: z.number().int().meta(about('How many subscriptions the caller has on this document (at most 10).', 0)),
  collectionSecrets: transferSecretsResponse.optional(),
  carrierToCarrierSecrets: z
    .array(transferSecretsResponse.extend({ roleId: z.string().meta(about('The receiving subsequent carrier of that hand-over.')) }))
    .optional()
    .meta(about('One entry per hand-over between carriers, by the receiving subsequent carrier’s `roleId`, for its two parties.')),
  deliverySecrets: transferSecretsResponse.optional(),
  /** Contract §9: the public verification page of the document (`{PUBLIC_URL}/verify/{token}`); single reads only. */
  verificationUrl: z
    .string()
    .optional()
    .meta(
      about(
        'The public page that shows the document’s summary and whether its chain recomputes; the PDF prints it as a QR code (single reads only).',
        'https://fds.example.com/verify/3f2a…',
      ),
    ),
  /**
   * Accesses recorded in the document's history beside its commits (the latest 100): visits of the verification
   * page and, contract §15, authorities' reads and follow-ups through their eFTI gate. Not commits: they change
   * nothing and do not move the heads (decision 0014). Single reads only.
   */
  accesses: z
    .array(documentAccessResponse)
    .optional()
    .meta(
      about(
        'The latest 100 reads recorded beside the history: visits of the verification page and, while eFTI is on, authorities’ reads and follow-ups through their eFTI gate; not commits (single reads only).',
      ),
    ),
  /** Contract §15, while eFTI is on: the data set's identity and authorities' reads. Single reads only. */
  efti: eftiEnvelopeResponse.optional(),
});
export type CallerEnvelope = z.infer<typeof callerEnvelope>;

export const freightDocumentResponse = freightDocumentContent.extend(callerEnvelope.shape);
export type FreightDocumentResponse = z.infer<typeof freightDocumentResponse>;

export const freightDocumentListResponse = z.object({
  freightDocuments: z
    .array(freightDocumentResponse)
    .meta(about('The page: documents the caller holds a role in (itself or as a delegate), without `attachments`, `comments`, `approvals` and `updates`.')),
  first: z.number().int().meta(about('The 1-based position of the page’s first document, as asked.', 1)),
  limit: z.number().int().meta(about('The page size, as asked (default 10).', 10)),
  /** Exact up to 10,000 (`eq`); beyond that 10,000 with `gte` (contract §4). */
  total: z.number().int().meta(about('How many documents match: exact up to 10,000; beyond that 10,000 (see `totalRelation`).', 1)),
  totalRelation: z.enum(['eq', 'gte']).meta({
    description: '`eq`: `total` is exact; `gte`: there are at least `total` (10,000) documents, so counting never costs more than the page.',
  }),
});

export const createdFreightDocumentResponse = z.object({
  freightDocumentId: z.string().meta(about('The new document’s id; `Location` names its path.', 'c28eb455-a576-488f-94f1-9529e9108553')),
});
export const cancelledFreightDocumentResponse = z.object({
  freightDocumentId: z.string().meta(about('The cancelled document’s id: it now answers 4.47 for everyone.')),
  status: z.literal('CANCELLED').meta(about('Always `CANCELLED`.')),
});

/** POST …/comments (contract §7). */
export const createdCommentResponse = z.object({
  commentId: z.string().meta(about('The comment’s id (a reservation’s too: name it to withdraw one).')),
  commitId: z.string().meta(about('The commit that recorded it: the document’s new head.')),
});
