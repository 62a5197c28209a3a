import { z } from 'zod';

/** Query of GET /oauth/authorize, also carried through the login and consent pages. */
export const authorizationRequest = z.object({
  response_type: z.string().optional(),
  client_id: z.string().optional(),
  redirect_uri: z.string().optional(),
  scope: z.string().optional(),
  state: z.string().max(2000).optional(),
  prompt: z.string().optional(),
  access_type: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequest>;

/** The consent page's answer: where the browser goes next (a code, a token in the fragment, or an error). */
export const authorizationDecision = z.object({ redirectTo: z.string() });

export const createClientInput = z.object({
  name: z.string().trim().min(1, '3.1').max(255, '3.2'),
  integration: z.boolean().default(false),
  implicit: z.boolean().default(false),
  redirectUris: z.array(z.url('3.17')).default([]),
});
export type CreateClientInput = z.input<typeof createClientInput>;

/**
 * The form of POST /oauth/token (spec §2.2, contract §2). The endpoint reads it field by field (the grant type
 * decides which are needed, 2.1 when one is missing); this schema documents the form for the OpenAPI document.
 */
export const tokenRequestForm = z.object({
  grant_type: z.enum(['password', 'refresh_token', 'authorization_code']),
  username: z.string().optional().describe('password grant: e-mail or account number'),
  password: z.string().optional().describe('password grant'),
  refresh_token: z.string().optional().describe('refresh_token grant'),
  code: z.string().optional().describe('authorization_code grant'),
  redirect_uri: z.string().optional().describe('authorization_code grant'),
  code_verifier: z.string().optional().describe('authorization_code grant with PKCE'),
  scope: z.string().optional(),
  client_id: z.string().optional().describe('client credentials in the body instead of Basic authentication'),
  client_secret: z.string().optional(),
});

/** The form of POST /oauth/revoke (RFC 7009). */
export const revokeRequestForm = z.object({ token: z.string(), token_type_hint: z.enum(['access_token', 'refresh_token']).optional() });
