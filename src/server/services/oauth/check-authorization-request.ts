import { eq } from 'drizzle-orm';
import type { AuthorizationRequest } from '@/lib/schemas/oauth';
import { oauthClients } from '@/server/db/schema';
import type { ServiceContext } from '../context';
import { isAcceptedScope } from './check-scope';

export type AuthorizationCheck =
  /** Unknown client or unregistered redirect URI: shown as an error page, never redirected to. */
  | { kind: 'invalid'; message: string }
  /** The redirect URI is trusted, so the error goes back to the client. */
  | { kind: 'redirect-error'; redirectUri: string; error: string; description: string; state?: string; fragment: boolean }
  | {
      kind: 'ok';
      client: { clientId: string; name: string };
      responseType: 'code' | 'token';
      redirectUri: string;
      state?: string;
      codeChallenge?: string;
      /** The scope the implicit grant's answer names: the one requested, else OAUTH_SCOPE. */
      scope: string;
    };

/** Validates an authorization request (contract §2) without side effects: GET /oauth/authorize and the consent page use it. */
export async function checkAuthorizationRequest({ ctx, input }: { ctx: ServiceContext; input: AuthorizationRequest }): Promise<AuthorizationCheck> {
  if (!input.client_id || !input.redirect_uri) return { kind: 'invalid', message: 'client_id and redirect_uri are required.' };
  const [client] = await ctx.db.select().from(oauthClients).where(eq(oauthClients.clientId, input.client_id));
  if (!client) return { kind: 'invalid', message: 'Unknown client.' };
  if (!client.redirectUris.includes(input.redirect_uri)) {
    return { kind: 'invalid', message: 'The redirect URI is not registered for this client.' };
  }
  const fragment = input.response_type === 'token';
  const error = (code: string, description: string): AuthorizationCheck => ({
    kind: 'redirect-error',
    redirectUri: input.redirect_uri!,
    error: code,
    description,
    state: input.state,
    fragment,
  });

  if (input.response_type !== 'code' && input.response_type !== 'token') {
    return error('unsupported_response_type', 'response_type must be code or token.');
  }
  if (input.response_type === 'code' && !client.integration) return error('unauthorized_client', 'This client may not use the authorization-code grant.');
  if (input.response_type === 'token' && !client.implicit) return error('unauthorized_client', 'This client may not use the implicit grant.');
  if (!isAcceptedScope(ctx.config, input.scope)) {
    return error('invalid_scope', `The only scope is "${ctx.config.OAUTH_SCOPE}".`);
  }
  if (input.code_challenge !== undefined) {
    if ((input.code_challenge_method ?? 'plain') !== 'S256') return error('invalid_request', 'Only code_challenge_method=S256 is supported.');
    if (!/^[A-Za-z0-9_-]{43}$/.test(input.code_challenge)) return error('invalid_request', 'Malformed code_challenge.');
  }
  return {
    kind: 'ok',
    client: { clientId: client.clientId, name: client.name },
    responseType: input.response_type,
    redirectUri: input.redirect_uri,
    state: input.state,
    codeChallenge: input.code_challenge,
    scope: input.scope?.trim() || ctx.config.OAUTH_SCOPE,
  };
}

/** Builds the redirect back to the client: query for codes, fragment for the implicit grant. */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>, fragment: boolean): string {
  const url = new URL(redirectUri);
  const pairs = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (fragment) {
    url.hash = new URLSearchParams(pairs).toString();
  } else {
    for (const [key, value] of pairs) url.searchParams.set(key, value);
  }
  return url.toString();
}
