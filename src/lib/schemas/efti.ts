import { z } from 'zod';
import { READINESS_SUBSETS } from '@/lib/efti/subsets';
import { about, FORMATS } from './common';

/** Contract §15: the eFTI interface as the API shows it (single reads, `GET /freightdocuments/{id}/efti`). */

export const ACCESS_TYPES = ['VERIFICATION_PAGE', 'EFTI_GATE_READ', 'EFTI_FOLLOW_UP'] as const;

const DATASET_ID = '0c8f4d0e-3b1a-4c56-9f21-6a1f3e2b7d10';
const SHA256_EXAMPLE = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

/**
 * One access to a document beside its commits: a visit of the verification page, or an authority's gate reading the
 * data set or sending a follow-up (2025/2243 Art. 3: the gate's request id, the subsets asked for, date and time).
 */
export const documentAccessResponse = z.object({
  type: z
    .enum(ACCESS_TYPES)
    .meta(
      about(
        'What happened: `VERIFICATION_PAGE` a visit of the public verification page; `EFTI_GATE_READ` an authority’s eFTI gate read the data set; `EFTI_FOLLOW_UP` a gate sent a follow-up message. Tolerate new values.',
        'EFTI_GATE_READ',
      ),
    ),
  accessDateTime: z.string().meta(about(`When the service received the request. ${FORMATS.millis}`, '2026-12-01T09:14:03.512Z')),
  /** The gate's `X-Request-ID` (null when it sent none, or one that is not 1–255 visible ASCII characters). */
  requestId: z
    .string()
    .nullable()
    .optional()
    .meta(
      about(
        'eFTI accesses only: the gate’s own id of the request, its `X-Request-ID` header (1–255 visible ASCII characters); `null` when it sent none or another form. Quote it to the authority.',
        'a3e1c2d4-77f0-4b8e-9d51-0c1e2f3a4b5c',
      ),
    ),
  subsets: z
    .array(z.string())
    .optional()
    .meta(about('eFTI reads: the subset ids the gate asked for (`EU03`, `identifier`, `full` …), as sent; `[]` for a follow-up.', ['EU03'])),
  httpStatus: z
    .number()
    .int()
    .optional()
    .meta(about('eFTI accesses: the HTTP status the service answered the gate (200 the data set, 204 a follow-up received, 4xx a refusal).', 200)),
  /** SHA-256 (hex) of the body the service answered. */
  responseSha256: z
    .string()
    .optional()
    .meta(
      about(
        'eFTI accesses: lowercase hex SHA-256 of the exact body the service answered (the XML, or the refusal’s JSON; of the empty body for a 204), so the answer an authority got can be proven later.',
        SHA256_EXAMPLE,
      ),
    ),
  /** A follow-up's text. */
  message: z
    .string()
    .optional()
    .meta(about('A follow-up only: the authority’s message as sent, 1–10,000 characters of plain text.', 'Please send the ADR certificate of the driver.')),
});
export type DocumentAccessResponse = z.infer<typeof documentAccessResponse>;

/** On single reads while eFTI is on: the data set's identity and how often authorities read it. */
export const eftiEnvelopeResponse = z
  .object({
    datasetId: z
      .string()
      .meta(about('The UUID (version 4) of the document’s eFTI data set, made when the document was created; it never changes.', DATASET_ID)),
    gateId: z.string().meta(about('The id of the operator’s eFTI gate (`EFTI_GATE_ID`): the first part of the UIL.', 'borduria')),
    platformId: z.string().meta(about('This platform’s id at that gate (`EFTI_PLATFORM_ID`, no `/`): the second part of the UIL.', 'acme')),
    /** The unique electronic identifying link (2024/1942 Art. 11(2)): `{gateId}/{platformId}/{datasetId}`. */
    uil: z
      .string()
      .meta(
        about(
          'The unique electronic identifying link an authority asks for the data set by: `{gateId}/{platformId}/{datasetId}`. The PDF prints it, also as a second QR code.',
          `borduria/acme/${DATASET_ID}`,
        ),
      ),
    /** Reads of the data set by authorities' gates. */
    accessCount: z.number().int().meta(about('How many times authorities’ gates read the data set (follow-ups not counted).', 2)),
  })
  .meta(
    about(
      'Only while the operator has switched eFTI on, on single reads: the identity of the document’s eFTI data set and how often authorities read it. Details: `GET /freightdocuments/{id}/efti`.',
    ),
  );
export type EftiEnvelopeResponse = z.infer<typeof eftiEnvelopeResponse>;

export const readinessProblemResponse = z.object({
  path: z
    .string()
    .meta(about('The eFTI element concerned: element names below `consignment` of consignment-common.xsd, joined by `/`.', 'carrier/postalAddress/streetName')),
  field: z
    .string()
    .meta(
      about(
        'What to fill in this document: a field path (`carrier.streetName`, `agreedDateTimeOfTakingOver`), `licensePlates`, or `approvals` (an element that comes with an approval).',
        'carrier.streetName',
      ),
    ),
  problem: z
    .enum(['MISSING', 'TOO_LONG'])
    .meta(
      about(
        '`MISSING`: a mandatory element without data (also one that only comes later, such as an approval or a plate); `TOO_LONG`: a value over its eFTI length (see `max`), sent split over repeated elements or cut.',
        'MISSING',
      ),
    ),
  max: z
    .number()
    .int()
    .optional()
    .meta(
      about('`TOO_LONG` only: the element’s eFTI length in characters, e.g. 35 for names, streets and cities, 17 for ids and postcodes, 512 for goods.', 35),
    ),
});

export const subsetReadinessResponse = z.object({
  subsetId: z.string().meta(about('The subset checked: `EU03` (the road consignment note’s content) or `identifier` (what is uploaded).', 'EU03')),
  complete: z.boolean().meta(about('`true` when `problems` is empty: an authority reading this subset would miss nothing.', false)),
  problems: z.array(readinessProblemResponse).meta(about('What the subset still lacks, in the schema’s element order; it never blocks anything.')),
});

export const UPLOAD_STATES = ['PENDING', 'SUCCEEDED', 'FAILED', 'SUPERSEDED'] as const;
export const UPLOAD_REASONS = ['ISSUED', 'LICENSE_PLATES', 'COLLECTION', 'DELIVERY', 'TAKING_OVER_TIME'] as const;

export const eftiUploadResponse = z.object({
  uploadId: z.string().meta(about('The upload’s id.', '5b0e7a53-2f4c-4d1b-8c9e-1a2b3c4d5e6f')),
  reason: z
    .enum(UPLOAD_REASONS)
    .meta(
      about(
        'The change that made it: `ISSUED`, `LICENSE_PLATES` (plates changed), `COLLECTION` or `DELIVERY` (completed), `TAKING_OVER_TIME` (the time of taking over moved before the collection). Tolerate new values.',
        'ISSUED',
      ),
    ),
  createDateTimeServer: z.string().meta(about(`When the upload was queued. ${FORMATS.millis}`, '2026-12-01T08:00:01.204Z')),
  state: z
    .enum(UPLOAD_STATES)
    .meta(
      about(
        '`PENDING` (queued or being retried), `SUCCEEDED` (the gate answered 2xx), `FAILED` (every retry of `EFTI_RETRY_DELAYS_MS` failed), `SUPERSEDED` (a newer upload replaced it before it was sent; each sends the content current when it runs).',
        'SUCCEEDED',
      ),
    ),
  attempts: z
    .array(
      z.object({
        at: z.string().meta(about(`When the attempt started. ${FORMATS.millis}`, '2026-12-01T08:00:01.390Z')),
        httpStatus: z.number().int().optional().meta(about('The gate’s HTTP status; absent when no answer came (see `error`).', 200)),
        error: z
          .string()
          .optional()
          .meta(
            about('Why the attempt failed, in a few words (`HTTP 503`, `timed out after 30 s`, `connection refused`); absent when it succeeded.', 'HTTP 503'),
          ),
        durationMs: z.number().int().nullable().meta(about('How long the attempt took, in milliseconds; `null` while it runs.', 148)),
      }),
    )
    .meta(about('Every attempt, oldest first: the first, then one per retry.')),
});

/** `GET /freightdocuments/{id}/efti` (contract §15). */
export const eftiStatusResponse = z.object({
  datasetId: eftiEnvelopeResponse.shape.datasetId,
  uil: eftiEnvelopeResponse.shape.uil,
  subsets: z.array(subsetReadinessResponse).meta(about('Readiness of each subset asked for (`subsetId`; `EU03` by default), in the order asked.')),
  /** The identifier uploads to the gate, newest first, with every attempt. */
  uploads: z
    .array(eftiUploadResponse)
    .meta(
      about('The identifier uploads to the gate (`PUT {EFTI_GATE_URL}/v0/consignments/{datasetId}`), the latest 100, newest first, each with every attempt.'),
    ),
  /** Every authority access (reads and follow-ups), newest first. */
  accesses: z.array(documentAccessResponse).meta(about('Every access by an authority’s gate (reads and follow-ups), newest first; kept at least two years.')),
});
export type EftiStatusResponse = z.infer<typeof eftiStatusResponse>;

/** The readiness subsets a caller may ask for: EU03 (the default) and `identifier`. */
export const readinessSubsetSchema = z.enum(READINESS_SUBSETS, '3.9');
