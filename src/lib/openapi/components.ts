import { errorResponse, oauthErrorResponse } from '@/lib/schemas/api-responses';
import { freightDocumentInput } from '@/lib/schemas/freight-document';
import { freightDocumentResponse } from '@/lib/schemas/freight-document-response';

/**
 * Schemas shared by many operations, named once: a zod meta id makes each a component of the OpenAPI document that
 * operations refer to, instead of a copy per operation. Made once per process (ids are unique in zod's registry).
 */
export const components = {
  error: errorResponse.meta({ id: 'Error' }),
  oauthError: oauthErrorResponse.meta({ id: 'OAuthError' }),
  freightDocument: freightDocumentResponse.meta({ id: 'FreightDocument' }),
  freightDocumentInput: freightDocumentInput.meta({ id: 'FreightDocumentInput' }),
};
