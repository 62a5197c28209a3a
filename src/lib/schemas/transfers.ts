import { z } from 'zod';
import { RESERVATION_KINDS, RESERVATION_STAGES } from '@/lib/domain/legal-events';
import { APPROVAL_TYPES, TRANSFER_ACTIONS } from '@/lib/domain/transfers';
import type { ErrorCode } from '@/lib/errors/catalogue';
import { decimalString, emailSchema, looseBoolean, optional } from './common';
import { countryCodeSchema, ROLES, STATUSES } from './freight-document';

export { APPROVAL_TYPES, TRANSFER_ACTIONS };

const within = (limit: number) => decimalString.refine((value) => Math.abs(Number(value)) <= limit, '3.9');

/**
 * `location` of approvals (contract §7): latitude and longitude as numbers or decimal strings, kept and
 * returned as decimal strings (client apps of the commercial service read strings). Both or neither (3.50);
 * a location of two `""` is no location (tolerant reading).
 */
export const locationInput = z
  .object({ latitude: optional(within(90)), longitude: optional(within(180)) })
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
export const previousCommits = z.array(z.string('3.17'), required('3.17'));

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
);

/**
 * An image or file sent with a comment or as a signature (contract §7). `attachmentId`, `size`, `sealed` and
 * `type` may come along and are ignored: the server decides them.
 */
export const transferAttachmentInput = z.object({
  content: z
    .string('3.18')
    .min(1, '3.18')
    .regex(/^[A-Za-z0-9+/=\s_-]*$/, '3.17'),
  mimeType: optional(text(100)),
  name: optional(text(255)),
  originalFileName: optional(text(255)),
});
export type TransferAttachmentInput = z.output<typeof transferAttachmentInput>;

const approvalFields = {
  action: z.enum(TRANSFER_ACTIONS, required('3.9')),
  previousCommits,
  place: optional(text(255)),
  location: optional(locationInput),
  secondsSinceCreation,
  /** Between carriers: the receiving subsequent carrier, when more than one has yet to receive the cargo. */
  counterPartyRoleId: optional(text(100)),
};

/** POST /freightdocuments/{id}/submitmyapproval (contract §7). */
export const myApprovalInput = z.object({
  ...approvalFields,
  ownRole: z.enum(ROLES, required('3.9')),
  declined: optional(looseBoolean),
  remarks: optional(text(2000)),
});

/**
 * The counter party's evidence (contract §7): a TFA response code, or a signature on glass with its image, or
 * nothing (an implicit approval). Both kinds at once are 3.16.
 */
export const evidenceInput = z
  .object({
    responseCode: optional(z.string('3.6').regex(/^\s*\d{25}\s*$/, '3.6')),
    signedOnGlassBy: optional(z.object({ name: z.string(required('3.17')).min(1, '3.1').max(255, '3.2'), email: optional(emailSchema) })),
    attachments: optional(z.array(transferAttachmentInput, '3.17').max(1, '3.9')),
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
export const counterPartyApprovalInput = z.object({ ...approvalFields, evidence: optional(evidenceInput) });

/** POST /freightdocuments/{id}/updates (contract §7): DRAFT or ISSUED is 4.16, checked by the service. */
export const statusUpdateInput = z.object({
  newFreightDocumentStatus: z.enum(STATUSES, required('3.9')),
  previousCommits,
  secondsSinceCreation,
});

/** `clientMeta` of a comment (contract §7): a string or a JSON object of at most 4 KB, kept exactly as sent. */
export const MAX_CLIENT_META_BYTES = 4096;
const clientMetaInput = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: '3.17' })
  .refine((meta) => new TextEncoder().encode(typeof meta === 'string' ? meta : JSON.stringify(meta)).length <= MAX_CLIENT_META_BYTES, '3.2');

/**
 * A reservation (contract §14): the stage it belongs to, its kind, and the structured goods lines it concerns
 * (product ids of the document; unknown ones are 4.46, checked by the service).
 */
export const reservationInput = z.object({
  stage: z.enum(RESERVATION_STAGES, required('3.9')),
  kind: z.enum(RESERVATION_KINDS, required('3.9')),
  goodsLines: optional(z.array(z.coerce.number('3.17').int('3.17'), '3.17').max(500, '3.2')),
});
export type ReservationInput = z.output<typeof reservationInput>;

/** POST /freightdocuments/{id}/comments (contract §7): text, photos or both; with `reservation` a reservation of §14. */
export const commentInput = z
  .object({
    text: optional(text(4000)),
    previousCommits,
    // Contract §7: returned exactly as sent, `""` included (the one exception to "empty means omitted"); null omits it.
    clientMeta: z.preprocess((value) => (value === null ? undefined : value), clientMetaInput.optional()),
    secondsSinceCreation,
    attachments: optional(z.array(transferAttachmentInput, '3.17').max(10, '3.9')),
    reservation: optional(reservationInput),
  })
  .refine((comment) => comment.text !== undefined || (comment.attachments?.length ?? 0) > 0, { message: '3.1', path: ['text'] });

export const LICENSE_PLATE_TYPES = ['TRUCK', 'TRAILER'] as const;

/** PATCH /freightdocuments/{id}/licenseplates (contract §7): the plates of one carrier role, replaced as a set. */
export const licensePlatesInput = z.object({
  roleId: z.string(required('3.17')).min(1, '3.1').max(100, '3.2'),
  licensePlates: z
    .array(
      z.object({
        licensePlate: z.string(required('3.17')).trim().min(1, '3.1').max(20, '3.2'),
        countryCode: optional(countryCodeSchema),
        type: z.enum(LICENSE_PLATE_TYPES, required('3.9')),
      }),
      { error: (issue) => (issue.input === undefined ? '3.46' : '3.17') },
    )
    .min(1, '3.46'),
  previousCommits,
});
