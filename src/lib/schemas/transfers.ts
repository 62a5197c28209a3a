import { z } from 'zod';
import { RESERVATION_KINDS, RESERVATION_STAGES } from '@/lib/domain/legal-events';
import { APPROVAL_TYPES, TRANSFER_ACTIONS } from '@/lib/domain/transfers';
import type { ErrorCode } from '@/lib/errors/catalogue';
import { about, decimalString, emailSchema, FORMATS, looseBoolean, optional } from './common';
import { countryCodeSchema, ROLES, STATUSES } from './freight-document';

export { APPROVAL_TYPES, TRANSFER_ACTIONS };

const within = (limit: number) => decimalString.refine((value) => Math.abs(Number(value)) <= limit, '3.9');

/**
 * `location` of approvals (contract §7): latitude and longitude as numbers or decimal strings, kept and
 * returned as decimal strings (client apps of the commercial service read strings). Both or neither (3.50);
 * a location of two `""` is no location (tolerant reading).
 */
export const locationInput = z
  .object({
    latitude: optional(within(90)).meta(about('Degrees north, −90…90 (3.9 outside), as a number or a decimal string; returned as a decimal string.', 51.9225)),
    longitude: optional(within(180)).meta(
      about('Degrees east, −180…180 (3.9 outside), as a number or a decimal string; returned as a decimal string.', 4.47917),
    ),
  })
  .refine((location) => (location.latitude === undefined) === (location.longitude === undefined), '3.50')
  .transform((location) => (location.latitude === undefined ? undefined : { latitude: location.latitude, longitude: location.longitude! }));
export type LocationInput = z.output<typeof locationInput>;

/*
 * Every schema here parses its own output to the same value, so a tRPC procedure can declare it as its input
 * and hand the result to the service, which parses again (tolerantly) for REST.
 */

/** A required field: missing is 3.1, present but wrong is `code`. */
export const required = (code: ErrorCode) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? '3.1' : code) });
export const text = (max: number) => z.string('3.17').max(max, '3.2');

/** The heads the client last saw (contract §6): missing 3.1, empty 4.45, unknown 4.13 (checked by the service). */
export const previousCommits = z.array(z.string('3.17'), required('3.17')).meta(about(`${FORMATS.heads} Missing: 3.1.`));

/**
 * Issue 31: the account that queued a tablet write on the device. The server refuses the write (401 `1.8`) under a
 * session of any other account (trpc/mutation-guards.ts), so a shared tablet never files one driver's item under
 * another's name. tRPC only; REST callers authenticate each request themselves.
 */
export const outboxAccountId = z.string().max(64).optional();

/**
 * How long ago the client made the change (an offline device): the server dates it back by as much. Contract §6:
 * an integer 0…2,592,000 (30 days), else 3.6; digits in a string are read as the number (tolerant reading).
 */
export const MAX_SECONDS_SINCE_CREATION = 30 * 24 * 60 * 60;
export const secondsSinceCreation = optional(
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,10}$/)
          .transform(Number),
      ],
      { error: '3.6' },
    )
    .pipe(z.number().int('3.6').min(0, '3.6').max(MAX_SECONDS_SINCE_CREATION, '3.6')),
).meta(about(FORMATS.secondsSinceCreation, 120));

/**
 * An image or file sent with a comment or as a signature (contract §7). `attachmentId`, `size`, `sealed` and
 * `type` may come along and are ignored: the server decides them.
 */
export const transferAttachmentInput = z.object({
  content: z
    .string('3.18')
    .min(1, '3.18')
    .regex(/^[A-Za-z0-9+/=\s_-]*$/, '3.17')
    .meta(
      about('The file in base64, not empty (3.18): a PNG or JPEG photo or signature, or a PDF (3.8), at most 25,000,000 pixels (3.8).', '/9j/4AAQSkZJRgABAQ=='),
    ),
  mimeType: optional(text(100)).meta(about('Ignored: the type is read from the bytes.', 'image/jpeg')),
  name: optional(text(255)).meta(about('A title for the file.', 'Damaged corner')),
  originalFileName: optional(text(255)).meta(about('The file’s name, used when it is downloaded.', 'IMG_0412.jpg')),
});
export type TransferAttachmentInput = z.output<typeof transferAttachmentInput>;

const approvalFields = {
  action: z
    .enum(TRANSFER_ACTIONS, required('3.9'))
    .meta(
      about(
        'The transfer approved: `COLLECTION` (consignor side → carrier), `CARRIER_TO_CARRIER` (the carrier holding the goods → a subsequent carrier) or `DELIVERY` (→ consignee side).',
        'COLLECTION',
      ),
    ),
  previousCommits,
  place: optional(text(255)).meta(about('Where it happens, as people name the place (printed on the PDF).', 'Rotterdam')),
  location: optional(locationInput).meta(about('Where the device is (WGS 84); both coordinates or neither (3.50).')),
  secondsSinceCreation,
  /** Between carriers: the receiving subsequent carrier, when more than one has yet to receive the cargo. */
  counterPartyRoleId: optional(text(100)).meta(
    about(
      '`CARRIER_TO_CARRIER` only: the `roleId` of the receiving subsequent carrier, needed while more than one has yet to receive the goods (missing: 3.1; not of this document: 4.1).',
    ),
  ),
};

/** POST /freightdocuments/{id}/submitmyapproval (contract §7). */
export const myApprovalInput = z.object({
  ...approvalFields,
  ownRole: z
    .enum(ROLES, required('3.9'))
    .meta(about('The role the caller approves as: the carrier side’s role, or the counter party’s (`CONSIGNOR`, `CONSIGNEE` …).', 'CARRIER')),
  declined: optional(looseBoolean).meta(about('`true`: record a refusal of the transfer (say why in `remarks`); nothing moves. Default `false`.', false)),
  remarks: optional(text(2000)).meta(about('What the party wants on record, e.g. why it declines.', 'Two pallets damaged')),
});

/**
 * The counter party's evidence (contract §7): a TFA response code, or a signature on glass with its image, or
 * nothing (an implicit approval). Both kinds at once are 3.16.
 */
export const evidenceInput = z
  .object({
    responseCode: optional(z.string('3.6').regex(/^\s*\d{25}\s*$/, '3.6')).meta(
      about(
        'TFA: the 25-digit response the counter party’s device computed from the challenge (guide: two-factor codes). Not 25 digits, or wrong: 3.6; 5 wrong codes per transfer in 15 minutes, then 429 1.10. A right version 1 code is 3.6 unless the operator set `TFA_ACCEPT_V1`.',
        '6327901234567009914168682',
      ),
    ),
    signedOnGlassBy: optional(
      z.object({
        name: z.string(required('3.17')).min(1, '3.1').max(255, '3.2').meta(about('The signer’s name as they give it.', 'B. Jansen')),
        email: optional(emailSchema).meta(about('The signer’s e-mail address, if they give one.', 'b.jansen@beta.example')),
      }),
    ).meta(about('Sign on glass: who signed, with the image in `attachments`.')),
    attachments: optional(z.array(transferAttachmentInput, '3.17').max(1, '3.9')).meta(
      about('Sign on glass: exactly one image of the signature, PNG or JPEG (3.8).'),
    ),
  })
  .superRefine((evidence, context) => {
    const signs = evidence.signedOnGlassBy !== undefined || evidence.attachments !== undefined;
    if (evidence.responseCode !== undefined && signs) context.addIssue({ code: 'custom', message: '3.16', path: [] });
    else if (evidence.signedOnGlassBy && !evidence.attachments?.length) context.addIssue({ code: 'custom', message: '3.1', path: ['attachments'] });
    else if (evidence.attachments && !evidence.signedOnGlassBy) context.addIssue({ code: 'custom', message: '3.1', path: ['signedOnGlassBy'] });
  });
export type EvidenceInput = z.output<typeof evidenceInput>;

/** The approval type a piece of evidence makes. */
export function approvalTypeOf(evidence: EvidenceInput | undefined): 'TFA' | 'SIGN_ON_GLASS' | 'IMPLICIT' {
  if (evidence?.responseCode !== undefined) return 'TFA';
  if (evidence?.signedOnGlassBy !== undefined) return 'SIGN_ON_GLASS';
  return 'IMPLICIT';
}

/** POST /freightdocuments/{id}/submitcounterpartyapproval (contract §7); `ownRole` is ignored. */
export const counterPartyApprovalInput = z.object({
  ...approvalFields,
  evidence: optional(evidenceInput).meta(
    about(
      'How the counter party approved: `responseCode` (type `TFA`), or `signedOnGlassBy` with one image (type `SIGN_ON_GLASS`); absent: an implicit approval (`IMPLICIT`). Both kinds: 3.16.',
    ),
  ),
});

/** POST /freightdocuments/{id}/updates (contract §7): DRAFT or ISSUED is 4.16, checked by the service. */
export const statusUpdateInput = z.object({
  newFreightDocumentStatus: z
    .enum(STATUSES, required('3.9'))
    .meta(
      about(
        '`TRANSIT` (the carrier took the goods over) or `DELIVERED` (the holder delivered them); `DRAFT` or `ISSUED` is 4.16, another move 4.29.',
        'TRANSIT',
      ),
    ),
  previousCommits,
  secondsSinceCreation,
});

/** `clientMeta` of a comment (contract §7): a string or a JSON object of at most 4 KB, kept exactly as sent. */
export const MAX_CLIENT_META_BYTES = 4096;
const clientMetaInput = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: '3.17' })
  .refine((meta) => new TextEncoder().encode(typeof meta === 'string' ? meta : JSON.stringify(meta)).length <= MAX_CLIENT_META_BYTES, '3.2')
  .meta(about('The client’s own data about the comment: a string or a JSON object, at most 4 KB (3.2), returned exactly as sent.', { app: 'fleet-7' }));

/**
 * A reservation (contract §14): the stage it belongs to, its kind, and the structured goods lines it concerns
 * (product ids of the document; unknown ones are 4.46, checked by the service).
 */
export const reservationInput = z.object({
  stage: z
    .enum(RESERVATION_STAGES, required('3.9'))
    .meta(
      about(
        'When it is made: `TAKING_OVER` (the carrier side, ISSUED, before its own collection approval), `CARRIER_TO_CARRIER` (the receiving subsequent carrier, before it approves the hand-over), `DELIVERY` (the consignee side, or the carrier side for it, TRANSIT, before the delivery completes), `AFTER_DELIVERY` (loss or damage not apparent) and `DELAY` (consignee holders after DELIVERED). Otherwise 4.60; a role that could never make it 1.4.',
        'TAKING_OVER',
      ),
    ),
  kind: z
    .enum(RESERVATION_KINDS, required('3.9'))
    .meta(
      about(
        'What it is about: the goods’ apparent `CONDITION`, `PACKAGING`, `COUNT` of packages, `MARKS` and numbers, `WEIGHT`, `LOSS`, `DAMAGE`, `SHORTAGE`, `DELAY`, or `OTHER`.',
        'DAMAGE',
      ),
    ),
  goodsLines: optional(z.array(z.coerce.number('3.17').int('3.17'), '3.17').max(500, '3.2')).meta(
    about('The `productId`s of the goods lines it concerns (each must be a line of the document, else 4.46); absent: the whole consignment.', [1]),
  ),
});
export type ReservationInput = z.output<typeof reservationInput>;

/** POST /freightdocuments/{id}/comments (contract §7): text, photos or both; with `reservation` a reservation of §14. */
export const commentInput = z
  .object({
    text: optional(text(4000)).meta(
      about(
        'What to record, at most 4,000 characters; required unless photos are sent (3.1). It enters the content hash of the next two-factor codes.',
        'Two pallets wrapped again',
      ),
    ),
    previousCommits,
    // Contract §7: returned exactly as sent, `""` included (the one exception to "empty means omitted"); null omits it.
    clientMeta: z.preprocess((value) => (value === null ? undefined : value), clientMetaInput.optional()),
    secondsSinceCreation,
    attachments: optional(z.array(transferAttachmentInput, '3.17').max(10, '3.9')).meta(
      about('Up to 10 photos or files (3.9 for more), kept with type `COMMENT`.'),
    ),
    reservation: optional(reservationInput).meta(
      about(
        'Makes the comment a reservation (CMR art. 8, 30): its stage, kind and goods lines. Its own rules apply (4.60, 4.46) instead of the comment period.',
      ),
    ),
  })
  .refine((comment) => comment.text !== undefined || (comment.attachments?.length ?? 0) > 0, { message: '3.1', path: ['text'] });

export const LICENSE_PLATE_TYPES = ['TRUCK', 'TRAILER'] as const;

/** PATCH /freightdocuments/{id}/licenseplates (contract §7): the plates of one carrier role, replaced as a set. */
export const licensePlatesInput = z.object({
  roleId: z
    .string(required('3.17'))
    .min(1, '3.1')
    .max(100, '3.2')
    .meta(
      about(
        'The `roleId` of the carrier role (`carrier` or one of `subsequentCarriers`) the caller holds and whose vehicles these are (another carrier’s: 3.48; not a carrier role: 3.45).',
      ),
    ),
  licensePlates: z
    .array(
      z.object({
        licensePlate: z
          .string(required('3.17'))
          .trim()
          .min(1, '3.1')
          .max(20, '3.2')
          .meta(about('The registration as on the plate, 1–20 characters.', 'BX-123-Z')),
        countryCode: optional(countryCodeSchema).meta(about(`The registering country. ${FORMATS.country}`, 'NLD')),
        type: z.enum(LICENSE_PLATE_TYPES, required('3.9')).meta(about('`TRUCK` (the motor vehicle) or `TRAILER`.', 'TRUCK')),
      }),
      { error: (issue) => (issue.input === undefined ? '3.46' : '3.17') },
    )
    .min(1, '3.46')
    .meta(about('The role’s plates, replacing the ones it had: at least one (3.46); the same set again is 3.49.')),
  previousCommits,
});
