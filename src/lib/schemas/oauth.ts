import { z } from 'zod';
import { about } from './common';

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
  grant_type: z
    .enum(['password', 'refresh_token', 'authorization_code'])
    .meta(
      about(
        'Which grant: `password` (answers `accountSecret` too), `refresh_token`, or `authorization_code`. Another value: 2.1 `unsupported_grant_type`.',
        'password',
      ),
    ),
  username: z.string().optional().meta(about('Password grant: the account’s e-mail address or account number.', 'ann@example.com')),
  password: z
    .string()
    .optional()
    .meta(
      about(
        'Password grant: the password. 5 wrong ones for a username in 15 minutes lock it for the rest of the window (1.7 with `Retry-After`).',
        'correct horse',
      ),
    ),
  refresh_token: z.string().optional().meta(about('Refresh grant: the refresh token; it is spent, and the answer brings a new one.')),
  code: z.string().optional().meta(about('Authorization-code grant: the `code` the redirect carried (10 minutes, once).')),
  redirect_uri: z
    .string()
    .optional()
    .meta(about('Authorization-code grant: the same redirect URI as in the authorization request.', 'https://tms.example.com/callback')),
  code_verifier: z.string().optional().meta(about('Authorization-code grant with PKCE: the verifier whose S256 hash the authorization request sent.')),
  scope: z
    .string()
    .optional()
    .meta(
      about(
        'The service scope (`OAUTH_SCOPE`, default `service`) or one of its aliases; omitted: the service scope. Another value: 1.13 `invalid_scope`.',
        'service',
      ),
    ),
  client_id: z.string().optional().meta(about('The client’s id, when its credentials come in the form instead of HTTP Basic.')),
  client_secret: z.string().optional().meta(about('The client’s secret, with `client_id`.')),
});

/** The form of POST /oauth/revoke (RFC 7009). */
export const revokeRequestForm = z.object({
  token: z.string().meta(about('The access or refresh token to revoke; a refresh token takes its whole family with it.')),
  token_type_hint: z
    .enum(['access_token', 'refresh_token'])
    .optional()
    .meta(about('Which kind it is, as a hint; either is found without it.', 'refresh_token')),
});
