/**
 * Issue 8, the operator's settings for clients written for the commercial service (contract §2, §1, §12):
 * OAUTH_SCOPE_ALIASES, ACCOUNT_SECRET_FORMAT=base64 and CORS (CORS_ALLOWED_ORIGINS and implicit clients).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { Driver, expectError, serverTarget, sharedDriver, startOwnServer, type Account, type Client, type Reply } from './driver';

const ALIAS = 'transfollow';
const TMS_ORIGIN = 'https://tms.example.test';
const BROWSER_APP_ORIGIN = 'https://driver-app.example.test';

let server: RunningServer;
let api: Driver;
let client: Client;
let account: Account;

beforeAll(async () => {
  server = await startOwnServer('drop-in-settings', {
    OAUTH_SCOPE_ALIASES: ` ${ALIAS} , legacy-scope`,
    ACCOUNT_SECRET_FORMAT: 'base64',
    CORS_ALLOWED_ORIGINS: `${TMS_ORIGIN}, http://127.0.0.1:9`,
  });
  api = new Driver(serverTarget(server));
  client = await api.createClient({ name: 'Commercial-service client' });
  account = await api.createActiveAccount(client);
});

afterAll(async () => {
  await server?.dispose();
});

describe('OAUTH_SCOPE_ALIASES', () => {
  it('a password grant naming an alias answers that scope; omitted or the service scope answers OAUTH_SCOPE', async () => {
    const aliased = await api.passwordGrant(client, account.email, account.password, { scope: ALIAS });
    expect(aliased.status, aliased.text).toBe(200);
    expect(aliased.body.scope).toBe(ALIAS);
    expect((await api.passwordGrant(client, account.email, account.password)).body.scope).toBe('service');
    expect((await api.passwordGrant(client, account.email, account.password, { scope: 'service' })).body.scope).toBe('service');

    const refreshed = await api.token(client, { grant_type: 'refresh_token', refresh_token: aliased.body.refresh_token, scope: ALIAS });
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.body.scope).toBe(ALIAS);
    expect((await api.me(refreshed.body.access_token)).status).toBe(200);
  });

  it('an unknown scope is still 1.13 invalid_scope', async () => {
    const reply = await api.passwordGrant(client, account.email, account.password, { scope: 'everything' });
    expectError(reply, 400, '1.13', 'scope');
    expect(reply.body.error).toBe('invalid_scope');
    // The realm stays OAUTH_SCOPE.
    expect((await api.get('/api/accounts/users/me')).headers.get('www-authenticate')).toBe('Bearer realm="service"');
  });

  it('without the setting the alias is an unknown scope', async () => {
    const shared = sharedDriver();
    const sharedClient = await shared.createClient({ name: 'Alias-less' });
    const sharedAccount = await shared.createActiveAccount(sharedClient);
    expectError(await shared.passwordGrant(sharedClient, sharedAccount.email, sharedAccount.password, { scope: ALIAS }), 400, '1.13', 'scope');
  });
});

describe('ACCOUNT_SECRET_FORMAT=base64', () => {
  it('new accounts get the padded standard base64 of 64 bytes, the same at every login', async () => {
    const first = await api.login(client, account);
    expect(first.accountSecret).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect(Buffer.from(first.accountSecret, 'base64')).toHaveLength(64);
    expect((await api.login(client, account)).accountSecret).toBe(first.accountSecret);
  });
});

describe('CORS for the REST API', () => {
  const preflight = (path: string, origin: string, method = 'GET') =>
    api.request('OPTIONS', path, { headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'authorization' } });

  function expectAllowed(reply: Reply, origin: string) {
    expect(reply.headers.get('access-control-allow-origin'), reply.text).toBe(origin);
    expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
    expect(reply.headers.get('vary')).toMatch(/Origin/);
  }

  it('answers a preflight from CORS_ALLOWED_ORIGINS with the methods of the path and the four request headers', async () => {
    const reply = await preflight('/api/freightdocuments', TMS_ORIGIN, 'POST');
    expect(reply.status).toBe(204);
    expectAllowed(reply, TMS_ORIGIN);
    expect(reply.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(reply.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Accept, Idempotency-Key');
    expect(Number(reply.headers.get('access-control-max-age'))).toBeGreaterThan(0);
  });

  it('real answers, errors included, carry the allowed origin and expose Location and WWW-Authenticate', async () => {
    const token = (await api.login(client, account)).access_token;
    const me = await api.get('/api/accounts/users/me', { bearer: token, headers: { Origin: TMS_ORIGIN } });
    expect(me.status).toBe(200);
    expectAllowed(me, TMS_ORIGIN);
    expect(me.headers.get('access-control-expose-headers')).toMatch(/Location/);
    const unauthorised = await api.get('/api/accounts/users/me', { headers: { Origin: TMS_ORIGIN } });
    expectError(unauthorised, 401, '1.8');
    expectAllowed(unauthorised, TMS_ORIGIN);
    expect(unauthorised.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/);
  });

  it('refuses other origins: 403 1.10 to the preflight, no allow-origin on answers', async () => {
    const refused = await preflight('/api/accounts/users/me', 'https://evil.example.test');
    expectError(refused, 403, '1.10');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await api.get('/api/heartbeat', { headers: { Origin: 'https://evil.example.test' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('vary')).toMatch(/Origin/);
  });

  it('allows the redirect-URI origins of implicit clients as soon as they are registered, not those of others', async () => {
    expectError(await preflight('/api/accounts/users/me', BROWSER_APP_ORIGIN), 403, '1.10');
    await api.createClient({ name: 'Integration only', integration: true, redirectUris: ['https://portal.partner.example.test/callback'] });
    await api.createClient({ name: 'Driver app', implicit: true, redirectUris: [`${BROWSER_APP_ORIGIN}/app/callback.html`] });
    const reply = await preflight('/api/accounts/users/me', BROWSER_APP_ORIGIN);
    expect(reply.status).toBe(204);
    expectAllowed(reply, BROWSER_APP_ORIGIN);
    expectError(await preflight('/api/accounts/users/me', 'https://portal.partner.example.test'), 403, '1.10');
  });

  it('every REST path answers OPTIONS: unknown paths, /v1/api and trailing slashes too', async () => {
    for (const path of ['/api/no/such/path', '/v1/api/freightdocuments', '/api/freightdocuments/', '/v1/api/oauth/token']) {
      const reply = await preflight(path, TMS_ORIGIN, 'POST');
      expect(reply.status, path).toBe(204);
      expectAllowed(reply, TMS_ORIGIN);
    }
    const unknown = await api.get('/api/no/such/path', { headers: { Origin: TMS_ORIGIN } });
    expectError(unknown, 404, '2.2');
    expectAllowed(unknown, TMS_ORIGIN);
  });

  it('a plain OPTIONS (no preflight) answers Allow; on an unknown path 2.2', async () => {
    const reply = await api.request('OPTIONS', '/api/freightdocuments/some-id');
    expect(reply.status).toBe(204);
    expect(reply.headers.get('allow')).toBe('GET, PUT, OPTIONS');
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    expectError(await api.request('OPTIONS', '/api/no/such/path'), 404, '2.2');
  });

  it('not for the portal: tRPC, sign-in and pages send no CORS headers to an allowed origin', async () => {
    for (const path of ['/api/trpc/account.me', '/api/auth/session', '/login']) {
      const reply = await api.get(path, { headers: { Origin: TMS_ORIGIN } });
      expect(reply.headers.get('access-control-allow-origin'), path).toBeNull();
      expect((await preflight(path, TMS_ORIGIN)).headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });
});
