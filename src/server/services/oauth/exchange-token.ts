import { fail, ServiceError } from '@/server/errors';
import type { ServiceContext } from '../context';
import { enforceRateLimits } from '../operations/rate-limits';
import { authenticateClient, type OAuthClient } from './authenticate-client';
import { grantAuthorizationCode } from './grant-authorization-code';
import { grantPassword } from './grant-password';
import { grantRefreshToken } from './grant-refresh-token';

export interface TokenRequest {
  form: Record<string, string>;
  /** Client credentials from the Basic header, when one was sent. */
  basic?: { clientId: string; clientSecret: string };
}

/**
 * Token requests per client system and window (issue 13), counted once the client is known and before any
 * password is hashed, so a flood through one client costs no scrypt. Per account, the login lockout holds.
 */
async function limitTokenRequests(ctx: ServiceContext, client: OAuthClient) {
  try {
    await enforceRateLimits({ ctx, input: { rules: [{ name: 'token-requests-per-client', subject: client.clientId }] } });
  } catch (error) {
    // RFC 6749 names no error for this; the authorization endpoint's `temporarily_unavailable` says what it is.
    if (error instanceof ServiceError) throw new ServiceError(error.items, { ...error.hints, oauthError: 'temporarily_unavailable' });
    throw error;
  }
}

/** POST /oauth/token: authenticates the client, then runs the grant the form asks for. */
export async function exchangeToken({ ctx, input }: { ctx: ServiceContext; input: TokenRequest }) {
  const { form, basic } = input;
  const grantType = form.grant_type;
  if (!grantType) fail('2.1', 'grant_type', { oauthError: 'invalid_request' });

  if (grantType === 'authorization_code') {
    // Third-party integrations send their credentials in the body (spec §5.4); a Basic header is accepted too.
    const client = await authenticateClient({
      ctx,
      input: basic ?? { clientId: form.client_id, clientSecret: form.client_secret },
    });
    await limitTokenRequests(ctx, client);
    return grantAuthorizationCode({
      ctx,
      input: { client, code: form.code, redirectUri: form.redirect_uri, codeVerifier: form.code_verifier, scope: form.scope },
    });
  }
  if (grantType !== 'password' && grantType !== 'refresh_token') {
    fail('2.1', 'grant_type', { oauthError: 'unsupported_grant_type', description: 'Unsupported grant type.' });
  }
  const client = await authenticateClient({ ctx, input: basic ?? {} });
  await limitTokenRequests(ctx, client);
  if (grantType === 'password') {
    return grantPassword({ ctx, input: { client, username: form.username, password: form.password, scope: form.scope } });
  }
  return grantRefreshToken({ ctx, input: { client, refreshToken: form.refresh_token, scope: form.scope } });
}
