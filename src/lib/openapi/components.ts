import { errorResponse, oauthErrorResponse } from '@/lib/schemas/api-responses';
import { freightDocumentInput } from '@/lib/schemas/freight-document';
import { freightDocumentResponse } from '@/lib/schemas/freight-document-response';

/**
 * Schemas shared by many operations, named once: a zod meta id makes each a component of the OpenAPI document that
 * operations refer to, instead of a copy per operation. Made once per process (ids are unique in zod's registry).
 */
export const components = {
  error: errorResponse.meta({ id: 'Error', description: 'Every error answer (category 1–5): one entry per problem found.' }),
  oauthError: oauthErrorResponse.meta({
    id: 'OAuthError',
    description: 'An error of the token and revocation endpoints: the service’s list plus the RFC 6749 fields.',
  }),
  freightDocument: freightDocumentResponse.meta({
    id: 'FreightDocument',
    description:
      'A freight document as the caller may see it: its content (the same for every reader) and what belongs to the caller (roles, allowed actions, its transfers’ secrets). Lists leave out `attachments`, `comments`, `approvals` and `updates`.',
  }),
  freightDocumentInput: freightDocumentInput.meta({
    id: 'FreightDocumentInput',
    description:
      'The body that creates (POST) or replaces (PUT, a draft only) a freight document. Unknown and read-only attributes are ignored; `""` and `null` mean unset; every problem is reported at once.',
  }),
};
