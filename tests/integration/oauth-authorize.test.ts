/**
 * Contract §2, GET /oauth/authorize and the authorization-code grant's failure paths. The sign-in and
 * consent steps in the browser (and so the code's single use) are covered by the Playwright flows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, expectError, sharedDriver, type Client } from './driver';

const api = sharedDriver();
const REDIRECT = 'https://client.example.test/callback';
let integration: Client;
let plain: Client;
let implicit: Client;

beforeAll(async () => {
  [integration, plain, implicit] = await Promise.all([
    api.createClient({ name: 'Integration', integration: true, redirectUris: [REDIRECT] }),
    api.createClient({ name: 'No integration flag', redirectUris: [REDIRECT] }),
    api.createClient({ name: 'Implicit', implicit: true, redirectUris: [REDIRECT] }),
  ]);
});

function authorize(params: Record<string, string>) {
  return api.get(`/api/oauth/authorize?${new URLSearchParams(params)}`, { headers: { Accept: 'text/html' } });
}

const codeRequest = (client: Client, extra: Record<string, string> = {}) => ({
  response_type: 'code',
  client_id: client.clientId,
  redirect_uri: REDIRECT,
  scope: 'service',
  state: 'state-123',
  ...extra,
});

describe('GET /oauth/authorize', () => {
  it('shows an error page (400, never a redirect) for an unknown client', async () => {
    const reply = await authorize(codeRequest({ clientId: 'unknown-client', clientSecret: '' }));
    expect(reply.status).toBe(400);
    expect(reply.headers.get('location')).toBeNull();
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.text).toContain('Unknown client');
  });

  it('shows an error page for a redirect URI not registered exactly', async () => {
    for (const redirect of ['https://evil.example.test/callback', `${REDIRECT}/`, `${REDIRECT}?x=1`, 'https://CLIENT.example.test/callback']) {
      const reply = await authorize(codeRequest(integration, { redirect_uri: redirect }));
      expect(reply.status, redirect).toBe(400);
      expect(reply.headers.get('location'), redirect).toBeNull();
      expect(reply.text).toContain('redirect URI is not registered');
    }
  });

  it('shows an error page when client_id or redirect_uri is missing', async () => {
    const { redirect_uri: _omitted, ...withoutRedirect } = codeRequest(integration);
    const reply = await authorize(withoutRedirect);
    expect(reply.status).toBe(400);
    expect(reply.headers.get('location')).toBeNull();
  });

  it('sends a valid code request to the portal login, carrying the request on to consent', async () => {
    const params = codeRequest(integration, { prompt: 'consent', access_type: 'offline' });
    const reply = await authorize(params);
    expect(reply.status).toBe(302);
    const location = new URL(reply.headers.get('location')!, 'http://portal.invalid');
    expect(location.pathname).toBe('/login');
    const consent = new URL(location.searchParams.get('callbackUrl')!, 'http://portal.invalid');
    expect(consent.pathname).toBe('/oauth/consent');
    expect(Object.fromEntries(consent.searchParams)).toEqual(params);
  });

  it('accepts a PKCE S256 challenge and redirects invalid_request for another method', async () => {
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
    const ok = await authorize(codeRequest(integration, { code_challenge: challenge, code_challenge_method: 'S256' }));
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toMatch(/^\/login\?/);

    const plainMethod = await authorize(codeRequest(integration, { code_challenge: challenge, code_challenge_method: 'plain' }));
    expect(plainMethod.status).toBe(302);
    const location = new URL(plainMethod.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('state-123');
  });

  it('redirects error=unauthorized_client (with state) for a client without the integration flag', async () => {
    const reply = await authorize(codeRequest(plain));
    expect(reply.status).toBe(302);
    const location = new URL(reply.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe('unauthorized_client');
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('redirects invalid_scope and unsupported_response_type back to a registered client', async () => {
    const scope = new URL((await authorize(codeRequest(integration, { scope: 'admin' }))).headers.get('location')!);
    expect(scope.searchParams.get('error')).toBe('invalid_scope');
    const type = new URL((await authorize(codeRequest(integration, { response_type: 'id_token' }))).headers.get('location')!);
    expect(type.searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('refuses the implicit grant to clients without the implicit flag, in the fragment', async () => {
    for (const client of [integration, plain]) {
      const reply = await authorize(codeRequest(client, { response_type: 'token' }));
      expect(reply.status).toBe(302);
      const location = new URL(reply.headers.get('location')!);
      expect(location.origin + location.pathname).toBe(REDIRECT);
      const fragment = new URLSearchParams(location.hash.slice(1));
      expect(fragment.get('error')).toBe('unauthorized_client');
      expect(fragment.get('state')).toBe('state-123');
      expect(fragment.get('access_token')).toBeNull();
    }
  });

  it('lets a client with the implicit flag proceed to sign-in', async () => {
    const reply = await authorize(codeRequest(implicit, { response_type: 'token' }));
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toMatch(/^\/login\?callbackUrl=/);
  });
});

describe('authorization-code grant at POST /oauth/token', () => {
  const exchange = (client: Client, extra: Record<string, string> = {}) =>
    api.token(undefined, {
      grant_type: 'authorization_code',
      code: 'a-code-that-was-never-issued',
      redirect_uri: REDIRECT,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      scope: 'service',
      ...extra,
    });

  it('1.3: a client without the integration flag is 403 unauthorized_client', async () => {
    const reply = await exchange(plain);
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('unauthorized_client');
    expect(errorCodes(reply)).toEqual(['1.3']);
  });

  it('1.6: wrong client credentials in the body are 401 invalid_client', async () => {
    const reply = await exchange({ ...integration, clientSecret: 'wrong' });
    expect(reply.status).toBe(401);
    expect(reply.body.error).toBe('invalid_client');
    expect(errorCodes(reply)).toEqual(['1.6']);
  });

  it('1.13: an unknown code is 400 invalid_grant', async () => {
    const reply = await exchange(integration);
    expectError(reply, 400, '1.13', 'code');
    expect(reply.body.error).toBe('invalid_grant');
  });

  it('2.1: a missing code or redirect_uri is invalid_request', async () => {
    const noCode = await exchange(integration, { code: '' });
    expectError(noCode, 400, '2.1', 'code');
    expect(noCode.body.error).toBe('invalid_request');
    const noRedirect = await exchange(integration, { redirect_uri: '' });
    expectError(noRedirect, 400, '2.1', 'redirect_uri');
  });
});
