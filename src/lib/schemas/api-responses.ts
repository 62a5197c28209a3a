import { z } from 'zod';
import { errorCodes } from '@/lib/errors/catalogue';

/**
 * Response schemas of the REST API besides the freight document's (freight-document-response.ts) and the
 * account's (account.ts): one place for REST, tRPC and the OpenAPI document.
 */

/** Contract §1: every error answer. */
export const errorResponse = z.object({
  errors: z
    .array(
      z.object({
        code: z.enum(errorCodes as [string, ...string[]]),
        description: z.string(),
        field: z.string().optional(),
      }),
    )
    .min(1),
});

/** `/oauth/token` errors also carry the RFC 6749 fields (contract §2). */
export const oauthErrorResponse = errorResponse.extend({ error: z.string(), error_description: z.string() });

/** Spec §2.2. `accountSecret` only after the password grant. */
export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  refresh_token: z.string().optional(),
  expires_in: z.number().int(),
  scope: z.string(),
  accountSecret: z.string().optional(),
});

export const heartbeatResponse = z.object({ status: z.literal('UP'), buildVersion: z.string() });

export const createdAccountResponse = z.object({ accountId: z.string(), accountNumber: z.string() });

export const createdAttachmentResponse = z.object({ attachmentId: z.string() });

/** GET /attachment/{id}: the whole attachment with its content in base64 (spec §4, contract §10). */
export const attachmentResponse = z.object({
  attachmentId: z.string(),
  type: z.enum(['GOODS', 'GENERAL', 'COMMENT']),
  name: z.string().nullable(),
  originalFileName: z.string(),
  mimeType: z.string(),
  sealed: z.boolean(),
  size: z.number().int(),
  content: z.string(),
});
