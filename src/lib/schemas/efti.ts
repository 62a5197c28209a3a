import { z } from 'zod';
import { READINESS_SUBSETS } from '@/lib/efti/readiness';

/** Contract §15: the eFTI interface as the API shows it (single reads, `GET /freightdocuments/{id}/efti`). */

export const ACCESS_TYPES = ['VERIFICATION_PAGE', 'EFTI_GATE_READ', 'EFTI_FOLLOW_UP'] as const;

/**
 * One access to a document beside its commits: a visit of the verification page, or an authority's gate reading the
 * data set or sending a follow-up (2025/2243 Art. 3: the gate's request id, the subsets asked for, date and time).
 */
export const documentAccessResponse = z.object({
  type: z.enum(ACCESS_TYPES),
  accessDateTime: z.string(),
  /** The gate's `X-Request-ID` (null when it sent none, or one that is not 1–255 visible ASCII characters). */
  requestId: z.string().nullable().optional(),
  subsets: z.array(z.string()).optional(),
  httpStatus: z.number().int().optional(),
  /** SHA-256 (hex) of the body the service answered. */
  responseSha256: z.string().optional(),
  /** A follow-up's text. */
  message: z.string().optional(),
});
export type DocumentAccessResponse = z.infer<typeof documentAccessResponse>;

/** On single reads while eFTI is on: the data set's identity and how often authorities read it. */
export const eftiEnvelopeResponse = z.object({
  datasetId: z.string(),
  gateId: z.string(),
  platformId: z.string(),
  /** The unique electronic identifying link (2024/1942 Art. 11(2)): `{gateId}/{platformId}/{datasetId}`. */
  uil: z.string(),
  /** Reads of the data set by authorities' gates. */
  accessCount: z.number().int(),
});
export type EftiEnvelopeResponse = z.infer<typeof eftiEnvelopeResponse>;

export const readinessProblemResponse = z.object({
  path: z.string(),
  field: z.string(),
  problem: z.enum(['MISSING', 'TOO_LONG']),
  max: z.number().int().optional(),
});

export const subsetReadinessResponse = z.object({ subsetId: z.string(), complete: z.boolean(), problems: z.array(readinessProblemResponse) });

export const UPLOAD_STATES = ['PENDING', 'SUCCEEDED', 'FAILED', 'SUPERSEDED'] as const;
export const UPLOAD_REASONS = ['ISSUED', 'LICENSE_PLATES', 'COLLECTION', 'DELIVERY', 'TAKING_OVER_TIME'] as const;

export const eftiUploadResponse = z.object({
  uploadId: z.string(),
  reason: z.enum(UPLOAD_REASONS),
  createDateTimeServer: z.string(),
  state: z.enum(UPLOAD_STATES),
  attempts: z.array(
    z.object({ at: z.string(), httpStatus: z.number().int().optional(), error: z.string().optional(), durationMs: z.number().int().nullable() }),
  ),
});

/** `GET /freightdocuments/{id}/efti` (contract §15). */
export const eftiStatusResponse = z.object({
  datasetId: z.string(),
  uil: z.string(),
  subsets: z.array(subsetReadinessResponse),
  /** The identifier uploads to the gate, newest first, with every attempt. */
  uploads: z.array(eftiUploadResponse),
  /** Every authority access (reads and follow-ups), newest first. */
  accesses: z.array(documentAccessResponse),
});
export type EftiStatusResponse = z.infer<typeof eftiStatusResponse>;

/** The readiness subsets a caller may ask for: EU03 (the default) and `identifier`. */
export const readinessSubsetSchema = z.enum(READINESS_SUBSETS, '3.9');
