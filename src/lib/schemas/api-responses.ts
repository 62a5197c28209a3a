import { z } from 'zod';
import { errorCodes } from '@/lib/errors/catalogue';
import { about } from './common';

/**
 * Response schemas of the REST API besides the freight document's (freight-document-response.ts) and the
 * account's (account.ts): one place for REST, tRPC and the OpenAPI document.
 */

/** Contract §1: every error answer. */
export const errorResponse = z.object({
  errors: z
    .array(
      z.object({
        code: z
          .enum(errorCodes as [string, ...string[]])
          .meta(about('The error code `category.detail`: stable, what a program branches on (table of codes on the reference page).', '3.1')),
        description: z
          .string()
          .meta(about('English text for developers, not for end users; may be more precise than the code’s meaning.', 'Required field missing.')),
        field: z
          .string()
          .optional()
          .meta(
            about(
              'The field or header concerned, as a path into the body (`consignor.name`, `structuredGoods[0].weight`) or a header name (`Accept`).',
              'consignor.name',
            ),
          ),
      }),
    )
    .min(1)
    .meta(about('One entry per problem found: validation reports every field of a request at once. The HTTP status follows from the first code.')),
});

/** `/oauth/token` errors also carry the RFC 6749 fields (contract §2). */
export const oauthErrorResponse = errorResponse.extend({
  error: z
    .string()
    .meta(about('The RFC 6749 error: `invalid_client`, `invalid_grant`, `invalid_scope`, `invalid_request` or `unsupported_grant_type`.', 'invalid_grant')),
  error_description: z.string().meta(about('The same text as the first entry’s `description`.', 'Invalid user credentials.')),
});

/** Spec §2.2. `accountSecret` only after the password grant. */
export const tokenResponse = z.object({
  access_token: z.string().meta(about('Opaque; send it as `Authorization: Bearer …`.', '0FzIeu-AwFYfOW-HrZjphpW_-IDKMRMJRXRqSJz4uvk')),
  token_type: z.literal('bearer').meta(about('Always `bearer`.')),
  refresh_token: z
    .string()
    .optional()
    .meta(
      about(
        'Opaque; spent by its one use (the answer brings a new one), lives `REFRESH_TOKEN_TTL_SECONDS` (default 30 days). A spent one used again revokes its whole family.',
        'zMCXRfWbjcUYl7b1fodkCpjLlJD9u3DmzLTSHRlajs0',
      ),
    ),
  expires_in: z.number().int().meta(about('Seconds the access token lives (`ACCESS_TOKEN_TTL_SECONDS`, default 3600).', 3600)),
  scope: z.string().meta(about('The scope asked for, or the service scope (`OAUTH_SCOPE`, default `service`) when none was.', 'service')),
  accountSecret: z
    .string()
    .optional()
    .meta(
      about(
        'Password grant only: the account’s secret for two-factor codes, 64 decimal digits (or, where the operator set `ACCOUNT_SECRET_FORMAT=base64`, the padded base64 of 64 bytes, 88 characters). Keep it on the account’s device; it changes with the password.',
        '0539436004344689151809411785827390735055424489933817916970197186',
      ),
    ),
});

export const heartbeatResponse = z.object({
  status: z.literal('UP').meta(about('`UP`: the server answers and its database does.')),
  buildVersion: z.string().meta(about('The running release.', '0.1.0')),
});

export const createdAccountResponse = z.object({
  accountId: z.string().meta(about('The new account’s id.')),
  accountNumber: z.string().meta(about('Its account number, 7 or 8 digits: how parties and delegations name it.', '1000001')),
});

export const createdAttachmentResponse = z.object({ attachmentId: z.string().meta(about('The new attachment’s id; `Location` names its path.')) });

/** GET /attachment/{id}: the whole attachment with its content in base64 (spec §4, contract §10). */
export const attachmentResponse = z.object({
  attachmentId: z.string().meta(about('The attachment’s id.')),
  type: z.enum(['GOODS', 'GENERAL', 'COMMENT']).meta(about('`GOODS`, `GENERAL` (the document’s files) or `COMMENT` (sent with a comment).', 'GOODS')),
  name: z.string().nullable().meta(about('Its title, or `null`.')),
  originalFileName: z.string().meta(about('The file name it was sent with.', 'pallets.png')),
  mimeType: z.string().meta(about('Its media type, read from the bytes.', 'image/png')),
  sealed: z.boolean().meta(about('Whether only holders of `VIEW_SEALED_ATTACHMENT` may read its content.')),
  size: z.number().int().meta(about('Its size in bytes.', 70)),
  content: z.string().meta(about('The file in standard base64.')),
});

/** GET /heartbeat while the database does not answer. */
export const heartbeatDownResponse = z.object({
  status: z.literal('DOWN').meta(about('`DOWN`: the database did not answer within 2 s.')),
  buildVersion: z.string().meta(about('The running release.', '0.1.0')),
  errors: errorResponse.shape.errors,
});

/** POST /oauth/revoke (RFC 7009): always an empty object. */
export const revokedResponse = z.object({}).strict().meta(about('Always `{}`, whether or not the token was known.'));

/** A JSON Schema as the document below gives it, as far as a reader of the reference needs its parts named. */
const jsonSchemaSummary = z.object({
  type: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .meta(about('The JSON type(s).', 'object')),
  description: z.string().optional().meta(about('What it means.')),
  properties: z
    .record(z.string(), z.object({ description: z.string().optional().meta(about('What the property means.')) }))
    .optional()
    .meta(about('Its properties, by name.')),
  required: z.array(z.string()).optional().meta(about('The properties it must have.')),
});

/** An operation of the document below, by the parts a reader looks for. */
const operationSummary = z.object({
  operationId: z.string().meta(about('A stable name of the operation (method and path in camelCase).', 'getFreightdocumentsById')),
  summary: z.string().meta(about('One line.')),
  description: z.string().meta(about('What it does and its rules, in Markdown.')),
  tags: z.array(z.string()).meta(about('The reference section it belongs to.', ['Freight documents'])),
});

/** GET /openapi.json: this service's OpenAPI 3.1 document (its full form is OpenAPI's own schema). */
export const openApiDocumentResponse = z.object({
  openapi: z.string().meta(about('The OpenAPI version.', '3.1.0')),
  info: z
    .object({
      title: z.string().meta(about('The API’s name.', 'Freight Document Service')),
      version: z.string().meta(about('The running release.', '0.1.0')),
      description: z.string().meta(about('What the API is, in Markdown.')),
    })
    .meta(about('About the API.')),
  servers: z.array(z.object({ url: z.string().meta(about('A base path of every operation.', '/api')) })).meta(about('`/api` and `/v1/api`.')),
  tags: z
    .array(z.object({ name: z.string().meta(about('The section’s name.')), description: z.string().meta(about('What it holds.')) }))
    .meta(about('The reference’s sections, in order.')),
  paths: z.record(z.string(), z.record(z.string(), operationSummary)).meta(about('Every operation, by path and lower-case method.')),
  webhooks: z.record(z.string(), z.record(z.string(), operationSummary)).meta(about('What the service sends to subscribers’ callback URLs.')),
  components: z
    .object({
      schemas: z.record(z.string(), jsonSchemaSummary).meta(about('Schemas shared by several operations, by name.')),
      securitySchemes: z
        .record(z.string(), z.object({ type: z.string().meta(about('`oauth2` or `http`.')), description: z.string().meta(about('How to authenticate.')) }))
        .meta(about('How callers authenticate.')),
    })
    .meta(about('Parts shared by several operations.')),
});
