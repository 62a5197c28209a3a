import { z } from 'zod';
import { listQueryParameters } from '@/lib/domain/list-query';
import { attachmentResponse, createdAttachmentResponse } from '@/lib/schemas/api-responses';
import { addAttachmentInput, estimatedTimesInput, structuredGoodsPatchInput } from '@/lib/schemas/freight-document';
import { commitResponse } from '@/lib/schemas/commits';
import { cancelledFreightDocumentResponse, createdFreightDocumentResponse, freightDocumentListResponse } from '@/lib/schemas/freight-document-response';
import {
  ATTACHMENT_DIGEST,
  ATTACHMENT_ID,
  attachmentBodyExample,
  commitExample,
  attachmentExample,
  documentBodyExample,
  documentExample,
  HEAD,
  ID,
  listedDocument,
  PNG_BASE64,
  SIGNED_EXAMPLE,
} from './examples';
import { components } from './components';
import { pdfAnswer, signedAnswer, type ApiOperation } from './operation';

const json = (schema: z.ZodType, example: unknown) => ({ 'application/json': { schema, example } });
/** The list's page with its documents as the shared FreightDocument schema (a reference, not a second copy of it). */
const listAnswer = freightDocumentListResponse.extend({
  freightDocuments: z.array(components.freightDocument).meta(freightDocumentListResponse.shape.freightDocuments.meta() ?? {}),
});
const theDocument = json(components.freightDocument, documentExample);
const withHeads = (body: Record<string, unknown>) => ({ ...body, previousCommits: [HEAD] });

/** Freight documents and their attachments (contract §4, §9, §10). */
/** What a document's body can be refused for (validateFreightDocument): creation and a draft's replacement alike. */
const DOCUMENT_BODY_ERRORS: ApiOperation['errors'] = [
  '3.1',
  '3.2',
  '3.4',
  '3.6',
  '3.9',
  '3.11',
  '3.12',
  '3.14',
  '3.15',
  '3.26',
  '3.32',
  '3.34',
  '3.8',
  '4.20',
  '4.36',
  '4.40',
  '4.44',
  '3.10',
  '3.18',
  '3.33',
  '3.35',
  '3.40',
  '3.41',
  '3.42',
  '3.43',
  '4.51',
];

export const documentOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/freightdocuments',
    tag: 'Freight documents',
    summary: 'Create a freight document (a draft, or issued at once)',
    description:
      'Parties name their account by `submittedAccountNumber` or `submittedAccountEmailAddress`. Unknown and read-only attributes are ignored; `""` and `null` mean unset. Every problem of the body is reported at once.',
    auth: 'bearer',
    body: { schema: components.freightDocumentInput, example: documentBodyExample },
    success: [
      {
        status: 201,
        description: 'Created.',
        headers: { Location: `/api/freightdocuments/${ID}` },
        content: json(createdFreightDocumentResponse, { freightDocumentId: ID }),
      },
    ],
    errors: [...DOCUMENT_BODY_ERRORS, '4.41'],
  },
  {
    method: 'get',
    path: '/freightdocuments',
    tag: 'Freight documents',
    summary: 'List the documents the caller holds a role in',
    description:
      'The documents the caller holds a role in (itself or as a delegate), cancelled ones never, one page at a time; each without `attachments`, `comments`, `approvals` and `updates`. Filter with blocks `attribute.operation.value` (operations `eq`, `ne`, `gt`, `lt`, `ge`, `le`), several separated by commas, which combine with AND; sort with `attribute.asc|desc`. `total` is exact up to 10,000 (`totalRelation` `eq`), else 10,000 with `gte`. Guide: [lists, filters and sort](/docs/guides/pagination-and-filters).',
    auth: 'bearer',
    query: listQueryParameters,
    parameterExamples: { filters: 'status.eq.ISSUED', sort: 'serviceNumber.asc', limit: '10', first: '1' },
    success: [
      {
        status: 200,
        description: 'One page.',
        content: json(listAnswer, { freightDocuments: [listedDocument], first: 1, limit: 10, total: 1, totalRelation: 'eq' }),
      },
    ],
    errors: ['3.19', '3.20', '3.21', '3.22', '3.23', '3.24', '3.25', '3.30', '3.31'],
  },
  {
    method: 'get',
    path: '/freightdocuments/{id}',
    tag: 'Freight documents',
    summary: 'Read a freight document (JSON)',
    description:
      'The document as the caller may see it: its content, and what belongs to the caller (`ownPermissions`, `allowedActions`, the TFA secrets of its transfers). A document that does not exist and one the caller holds no role in both answer `4.47`. The same path also answers the PDF (`Accept: application/pdf`) and the PGP-signed JSON (`Accept: application/vnd.freightdocument.v1+pgp-signature`), as clients of the commercial service ask for them; each form also has its own path, `GET /freightdocuments/{id}/pdf` and `…/pgp`, so that a generated client gets one type per call.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    success: [{ status: 200, description: 'The document as the caller may see it.', content: theDocument }],
    errors: ['4.47'],
  },
  {
    method: 'get',
    path: '/freightdocuments/{id}/pdf',
    tag: 'Freight documents',
    summary: 'The consignment note as PDF',
    description:
      'The consignment note as printed: A4, the 24 numbered boxes of the CMR form, the service number, every approval with its evidence and signature image, the reservations, and a QR code of the document’s verification page; in the partner environment every page says it is not legally valid. `Accept-Language` picks the label language (the languages of the places’ countries and English are printed). The same answer as `GET /freightdocuments/{id}` with `Accept: application/pdf`. `ETag` names the render: it changes with the next commit.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    success: [pdfAnswer('CMR-{serviceNumber}.pdf', 'CMR-000000000042.pdf')],
    errors: ['4.47'],
  },
  {
    method: 'get',
    path: '/freightdocuments/{id}/pgp',
    tag: 'Freight documents',
    summary: 'The document as PGP-signed JSON',
    description:
      'An ASCII-armored OpenPGP cleartext-signed message whose signed text is exactly the JSON answer of `GET /freightdocuments/{id}` for the same caller at that moment (one line: JSON escapes its line breaks). Check it with the key of `GET /pgp/publickey`, e.g. `gpg --import key.asc && gpg --verify document.asc`. The same answer as `GET /freightdocuments/{id}` with `Accept: application/vnd.freightdocument.v1+pgp-signature`. Guide: [PDF, PGP and the receipt](/docs/guides/pdf-pgp-receipt).',
    auth: 'bearer',
    parameterExamples: { id: ID },
    success: [signedAnswer(SIGNED_EXAMPLE)],
    errors: ['4.47'],
  },
  {
    method: 'get',
    path: '/freightdocuments/{id}/commits/{commitId}',
    tag: 'Freight documents',
    summary: 'One commit of the document’s chain, with exactly what its contentHash covers',
    description:
      'For whoever may read the document. `content` is exactly what `contentHash` hashed (SHA-256 of its RFC 8785 canonical JSON); `addedRecords` holds the approvals, comments and legal events the commit added and the large parts of the document its content names first, each with its digest. With the `updates` of the document this recomputes every commit id, content hash and records root from the API alone; the formula, a worked example and verifiers in shell, Python and TypeScript are in the guide “Verify a document yourself” (/docs/guides/verify-a-document). A commit of hash version 1 kept no content: `content` is null. An unknown commit of a readable document is `4.1`.',
    auth: 'bearer',
    parameterExamples: { id: ID, commitId: commitExample.commitId },
    success: [{ status: 200, description: 'The commit.', content: json(commitResponse, commitExample) }],
    errors: ['4.47', '4.1'],
  },
  {
    method: 'put',
    path: '/freightdocuments/{id}',
    tag: 'Freight documents',
    summary: 'Replace a draft (submitter only)',
    description:
      'A full replacement of a DRAFT by the submitter; read the document again afterwards (205). Read-only attributes are ignored. Attachments sent back with their `attachmentId` keep that id when their `content` is empty or the stored bytes; other content replaces the attachment (new id); attachments left out are removed.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: { schema: components.freightDocumentInput, example: { ...documentBodyExample, establishedPlace: 'Rotterdam Waalhaven' } },
    success: [{ status: 205, description: 'Replaced (Reset Content, no body).' }],
    errors: [...DOCUMENT_BODY_ERRORS, '1.4', '4.47', '4.5', '4.8', '4.13', '4.33', '3.44', '4.4', '4.45'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/issue',
    tag: 'Freight documents',
    summary: 'Issue a draft (costs one credit in production)',
    description:
      'DRAFT → ISSUED by the submitter or a delegate of the SUBMITTER role; the submitter’s credits pay (`4.41` when it has none; free in the partner environment). The content is then legally fixed, the transfers get their TFA secrets, and subscribers are called. Answers the issued document; `allowedActions` lists `ISSUE` only when issuing would pass.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    success: [{ status: 200, description: 'The issued document.', content: json(components.freightDocument, { ...documentExample, status: 'ISSUED' }) }],
    errors: ['1.4', '4.47', '4.18', '4.41', '3.2'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/cancel',
    tag: 'Freight documents',
    summary: 'Cancel a draft',
    description: 'Afterwards the document answers 4.47 for everyone.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    success: [{ status: 200, description: 'Cancelled.', content: json(cancelledFreightDocumentResponse, { freightDocumentId: ID, status: 'CANCELLED' }) }],
    errors: ['1.4', '4.47', '4.5', '3.2'],
  },
  {
    method: 'patch',
    path: '/freightdocuments/{id}/estimatedtimes',
    tag: 'Freight documents',
    summary: 'Change the estimated times of taking over and delivery',
    description:
      'By the submitter, the carrier or a subsequent carrier, in every status but CANCELLED, with `previousCommits`. A field sent with its current value is no change (clients send both every time); moving the taking-over time in TRANSIT or DELIVERED is `4.9`, the delivery time after DELIVERED `4.10`; taking over must stay before delivery (`3.15`).',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: {
      schema: estimatedTimesInput,
      example: withHeads({ estimatedDateTimeOfTakingOver: '2026-12-01T08:00:00Z', estimatedDateTimeOfDelivery: '2026-12-02T16:30:00Z' }),
    },
    success: [{ status: 200, description: 'The document.', content: theDocument }],
    errors: ['1.4', '4.47', '3.15', '3.17', '4.9', '4.10', '4.13', '4.45', '3.1', '3.2', '4.63'],
  },
  {
    method: 'patch',
    path: '/freightdocuments/{id}/structuredgoods',
    tag: 'Freight documents',
    summary: 'Correct quantities of goods lines after issue (carrier)',
    description:
      'While ISSUED or TRANSIT the carrier side corrects `numberOfPackages`, `weight` or `volume` of existing structured goods lines, named by `productId` (`4.46` for a line that is not in the document), with `previousCommits`.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: { schema: structuredGoodsPatchInput, example: withHeads({ structuredGoods: [{ productId: 1, numberOfPackages: 11, weight: 440 }] }) },
    success: [{ status: 200, description: 'The document.', content: theDocument }],
    errors: ['1.4', '4.47', '3.17', '3.29', '4.13', '4.18', '4.45', '4.46', '3.2', '3.1', '4.63'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/attachments',
    tag: 'Attachments',
    summary: 'Add an attachment to a draft (submitter)',
    description: 'PDF, PNG or JPEG, sniffed from the bytes; at most 10 MB per document.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: { schema: addAttachmentInput, example: attachmentBodyExample },
    success: [
      {
        status: 201,
        description: 'Added.',
        headers: { Location: `/api/attachment/${ATTACHMENT_ID}` },
        content: json(createdAttachmentResponse, { attachmentId: ATTACHMENT_ID }),
      },
    ],
    errors: ['1.4', '4.47', '4.5', '3.1', '3.8', '3.18', '3.34', '4.36', '4.44', '3.2', '3.9'],
  },
  {
    method: 'get',
    path: '/freightdocuments/{id}/attachments/{attachmentId}',
    tag: 'Attachments',
    summary: 'An attachment of this document, with its content in base64',
    description:
      'For role holders of the document; a sealed attachment’s content needs `VIEW_SEALED_ATTACHMENT` (`1.4`). An attachment id that is not part of this document is `4.4`.',
    auth: 'bearer',
    parameterExamples: { id: ID, attachmentId: ATTACHMENT_ID },
    success: [{ status: 200, description: 'The attachment.', content: json(attachmentResponse, attachmentExample) }],
    errors: ['1.4', '4.47', '4.4'],
  },
  {
    method: 'get',
    path: '/attachment/{id}',
    tag: 'Attachments',
    summary: 'An attachment with its content in base64',
    description:
      'The same as `GET /freightdocuments/{id}/attachments/{attachmentId}` by the attachment’s id alone; access is checked through its document before any content is read.',
    auth: 'bearer',
    parameterExamples: { id: ATTACHMENT_ID },
    success: [{ status: 200, description: 'The attachment.', content: json(attachmentResponse, attachmentExample) }],
    errors: ['1.4', '4.1'],
  },
  {
    method: 'get',
    path: '/attachment/{id}/content',
    tag: 'Attachments',
    summary: 'The bytes of an attachment, or base64 text with encodeBase64=true',
    description:
      'The file itself, for downloads and viewers: its media type, `Content-Length`, and `Content-Disposition` with the original file name (any Unicode, RFC 6266), streamed from the file store. `ETag` is the file’s SHA-256 digest, which never changes for these bytes: send it back in `If-None-Match` to get `304` instead of the file again. `Range: bytes=a-b` (one range; `a-` or `-n` too) answers `206` with that part, so an interrupted download resumes; with `If-Range` only while the ETag still matches. Several ranges or one beyond the end get the whole file (200). A whole-file read checks the bytes against their digest: a stored file that no longer matches is `5.0`, never wrong bytes. Access as for the JSON form.',
    auth: 'bearer',
    query: z.object({ encodeBase64: z.enum(['true', 'false']).optional() }),
    requestHeaders: z.object({
      Range: z.string().optional().meta({
        description:
          'One byte range, `bytes=first-last` (0-based, inclusive), `bytes=first-` or `bytes=-length`: answered 206 with that part. Not with `encodeBase64=true`.',
        example: 'bytes=0-1023',
      }),
      'If-Range': z
        .string()
        .optional()
        .meta({
          description: 'The `ETag` of the copy being resumed: the `Range` is served only while it still matches (else the whole file, 200).',
          example: `"${ATTACHMENT_DIGEST}"`,
        }),
      'If-None-Match': z
        .string()
        .optional()
        .meta({
          description: 'The `ETag` (or several, comma-separated, or `*`) of a copy the client has: 304 without a body when it matches.',
          example: `"${ATTACHMENT_DIGEST}"`,
        }),
    }),
    parameterExamples: { id: ATTACHMENT_ID },
    success: [
      {
        status: 200,
        description:
          'The content with its media type; `Content-Disposition` names the file (RFC 6266). With `encodeBase64=true`: base64 text (`text/plain`), without `ETag` or ranges.',
        headers: {
          'Content-Disposition': "attachment; filename*=UTF-8''pallets.png",
          'Content-Length': '70',
          ETag: `"${ATTACHMENT_DIGEST}"`,
          'Accept-Ranges': 'bytes',
        },
        content: {
          'image/png': { format: 'binary' },
          'image/jpeg': { format: 'binary' },
          'application/pdf': { format: 'binary' },
          'text/plain': { format: 'text', example: PNG_BASE64 },
        },
      },
      {
        status: 206,
        description: 'The part the `Range` asked for; `Content-Range` says which part of how many bytes.',
        headers: {
          'Content-Range': 'bytes 0-31/70',
          'Content-Length': '32',
          ETag: `"${ATTACHMENT_DIGEST}"`,
          'Content-Disposition': "attachment; filename*=UTF-8''pallets.png",
        },
        content: { 'image/png': { format: 'binary' }, 'image/jpeg': { format: 'binary' }, 'application/pdf': { format: 'binary' } },
      },
      { status: 304, description: 'Not modified: `If-None-Match` named this file’s `ETag`; no body.', headers: { ETag: `"${ATTACHMENT_DIGEST}"` } },
    ],
    errors: ['1.4', '4.1'],
  },
];
