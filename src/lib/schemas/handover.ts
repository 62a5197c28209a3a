import { z } from 'zod';
import { RESERVATION_KINDS } from '@/lib/domain/legal-events';
import { TRANSFER_ACTIONS } from '@/lib/domain/transfers';
import { about, optional } from './common';
import { freightDocumentContent, partyResponse, structuredGoodsResponse } from './freight-document-response';
import { ROLES } from './freight-document';
import { previousCommits } from './transfers';

/** POST /freightdocuments/{id}/handoverlinks (contract §7). */
export const handoverLinkInput = z.object({
  action: z
    .enum(TRANSFER_ACTIONS, { error: (issue) => (issue.input === undefined ? '3.1' : '3.9') })
    .meta(about('The transfer the counter party signs for; it must list `SIGN_ON_GLASS` (4.50): the delivery.', 'DELIVERY')),
  /** Between carriers: the receiving subsequent carrier, as submitcounterpartyapproval names it. */
  counterPartyRoleId: optional(z.string('3.17').max(100, '3.2')).meta(
    about('Between carriers: the receiving subsequent carrier’s `roleId`, as submitcounterpartyapproval names it.'),
  ),
});

export const handoverLinkResponse = z.object({
  url: z
    .string()
    .meta(about('The one-time page `{PUBLIC_URL}/handover/{token}` (256-bit token): show it as a QR code or send it to the counter party’s phone.')),
  expiresAt: z
    .string()
    .meta(about('When it stops working (10 minutes), UTC with milliseconds; a used or expired link answers 410.', '2026-11-26T14:12:00.000Z')),
});
export type HandoverLinkResponse = z.infer<typeof handoverLinkResponse>;

/** A hand-over token as links carry it: 256 bits, base64url (43 characters). Anything else names no link. */
export const HANDOVER_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A party as the counter party sees it at the truck: who and where, no contact details or accounts. */
export const handoverParty = partyResponse
  .pick({ name: true, streetName: true, buildingNumber: true, postalCode: true, cityName: true, countryCode: true })
  .extend({
    role: z.enum(ROLES),
  });
export type HandoverParty = z.infer<typeof handoverParty>;

/** A reservation as the counter party reads it before confirming (contract §14): its kind, text and goods lines by name. */
export const handoverReservation = z.object({
  kind: z.enum(RESERVATION_KINDS),
  text: z.string().nullable(),
  goodsLines: z.array(z.string()),
  photos: z.number(),
  by: z.string().nullable(),
  at: z.string(),
});
export type HandoverReservation = z.infer<typeof handoverReservation>;

/** What the public hand-over page shows (contract §7): what is handed over, nothing the counter party need not see. */
export const handoverView = z.object({
  action: z.enum(TRANSFER_ACTIONS),
  serviceNumber: z.string(),
  parties: z.array(handoverParty),
  goods: freightDocumentContent.shape.goods,
  structuredGoods: z.array(
    structuredGoodsResponse.pick({
      productId: true,
      name: true,
      numberOfPackages: true,
      methodOfPackaging: true,
      weight: true,
      weightUnit: true,
      volume: true,
      volumeUnit: true,
    }),
  ),
  licensePlates: z.array(z.object({ licensePlate: z.string(), countryCode: z.string().nullable(), type: z.enum(['TRUCK', 'TRAILER']) })),
  /** The carriers' comments and reservations on record: what the counter party accepts by signing. */
  comments: z.array(z.object({ text: z.string(), by: z.string().nullable(), at: z.string() })),
  /** When the transfer is due (estimated, else agreed) and the country of its place, whose local time shows it. */
  due: z.object({ at: z.string(), countryCode: z.string().nullable() }).nullable().optional(),
  /**
   * The reservations of this hand-over's stage (contract §14), which the counter party's approval accepts (CMR art.
   * 8(2)): shown by kind in the reader's language, with the goods lines they concern by name.
   */
  reservations: z.array(handoverReservation),
  /**
   * The document's heads as shown (contract §14): the answer sends them back, so the approval accepts exactly the
   * reservations on this page; one recorded after it is listed as unseen instead.
   */
  previousCommits: z.array(z.string()),
  expiresAt: z.string(),
});
export type HandoverView = z.infer<typeof handoverView>;

/** The state of a link as the page finds it: only an open link shows the document. */
export type HandoverLookup = { state: 'UNKNOWN' } | { state: 'GONE' } | { state: 'OPEN'; view: HandoverView };

/** How many reservations the counter party may add on the page, and photos each (contract §7: at most three). */
export const MAX_PAGE_RESERVATIONS = 5;
export const MAX_PAGE_RESERVATION_PHOTOS = 3;

/**
 * A reservation the counter party adds on the page (contract §7, §14): recorded for the signer, by the carrier side, in
 * the confirmation's frame just before the approval. Its photos were sent before, one per request (`photoIds`).
 */
export const handoverPageReservation = z.object({
  kind: z.enum(RESERVATION_KINDS, '3.9'),
  text: z.string('3.17').trim().min(1, '3.1').max(4000, '3.2'),
  goodsLines: optional(z.array(z.number('3.17').int('3.17'), '3.17').max(1000, '3.9')),
  photoIds: optional(z.array(z.string('3.17').max(100, '3.2'), '3.17').max(MAX_PAGE_RESERVATION_PHOTOS, '3.9')),
});
export type HandoverPageReservation = z.infer<typeof handoverPageReservation>;

/** One photo of a page reservation (contract §7): an image of at most 2 MiB, base64, sent on its own. */
export const handoverPhotoInput = z.object({
  token: z.string('3.17').max(100, '3.2'),
  content: z
    .string('3.18')
    .min(1, '3.18')
    .max(Math.ceil((2 * 1024 * 1024 * 4) / 3) + 4, '3.8')
    .regex(/^[A-Za-z0-9+/=]*$/, '3.17'),
});
export type HandoverPhotoInput = z.input<typeof handoverPhotoInput>;

export const handoverPhotoResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('STORED'), photoId: z.string() }),
  z.object({ outcome: z.literal('GONE') }),
  z.object({ outcome: z.literal('UNKNOWN') }),
]);
export type HandoverPhotoResult = z.infer<typeof handoverPhotoResult>;

/**
 * The counter party's answer on the public page: a name and a signature (PNG, base64) to confirm, or a name and
 * remarks to decline. Field codes as submitcounterpartyapproval's evidence.
 */
export const handoverAnswerInput = z
  .object({
    token: z.string('3.17').max(100, '3.2'),
    name: z.string('3.17').trim().min(1, '3.1').max(255, '3.2'),
    signature: optional(
      z
        .string('3.18')
        .min(1, '3.18')
        .regex(/^[A-Za-z0-9+/=]*$/, '3.17'),
    ),
    declined: optional(z.boolean('3.17')),
    remarks: optional(z.string('3.17').trim().max(2000, '3.2')),
    /** The heads the page showed (its view's `previousCommits`): what the signer saw, and so what the approval accepts. */
    previousCommits,
    /** Reservations added on the page (delivery only), recorded for the signer before the approval (contract §7). */
    reservations: optional(z.array(handoverPageReservation, '3.17').max(MAX_PAGE_RESERVATIONS, '3.9')),
  })
  .superRefine((answer, context) => {
    if (answer.declined && answer.reservations?.length) context.addIssue({ code: 'custom', message: '3.9', path: ['reservations'] });
    if (answer.declined && !answer.remarks) context.addIssue({ code: 'custom', message: '3.1', path: ['remarks'] });
    if (!answer.declined && !answer.signature) context.addIssue({ code: 'custom', message: '3.1', path: ['signature'] });
  });
export type HandoverAnswerInput = z.input<typeof handoverAnswerInput>;

export const handoverAnswerResult = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('RECORDED'),
    declined: z.boolean(),
    status: freightDocumentContent.shape.status,
    at: z.string(),
    /** Contract §14: reservations of this stage recorded after the page was shown, which the approval did not accept. */
    unseenReservations: z.array(z.string()),
  }),
  z.object({ outcome: z.literal('GONE') }),
  z.object({ outcome: z.literal('UNKNOWN') }),
]);
export type HandoverAnswerResult = z.infer<typeof handoverAnswerResult>;
