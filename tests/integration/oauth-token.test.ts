/**
 * Contract §2 at POST /oauth/token and /oauth/revoke: client authentication, the password and refresh
 * grants, rotation with reuse detection, revocation, brute-force lockout, and the error shapes.
 *
 * @backends every: lockout counters and refresh-token rotation are atomic updates shared by instances.
 */
import { inject, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, expectError, sharedDriver, uniqueEmail, type Account, type Client, type Reply } from './driver';

const api = sharedDriver();
let client: Client;
let otherClient: Client;
let account: Account;

beforeAll(async () => {
  [client, otherClient] = await Promise.all([api.createClient({ name: 'Token tests' }), api.createClient({ name: 'Another system' })]);
  account = await api.createActiveAccount(client);
});

/** An OAuth error reply: status, the RFC 6749 fields and the service's own list. */
function expectOAuthError(reply: Reply, status: number, error: string, code: string, field?: string) {
  expectError(reply, status, code, field);
  expect(reply.body.error).toBe(error);
  expect(reply.body.error_description).toEqual(expect.any(String));
  expect(reply.headers.get('cache-control')).toBe('no-store');
}

describe('client authentication', () => {
  it('1.6: no, malformed or wrong client credentials are 401 invalid_client with the Basic challenge', async () => {
    const form = { grant_type: 'password', username: account.email, password: account.password };
    const attempts: Reply[] = [
      await api.token(undefined, form),
      await api.post('/api/oauth/token', { form, headers: { Authorization: 'Basic !!!not-base64' } }),
      await api.token({ clientId: client.clientId, clientSecret: 'wrong' }, form),
      await api.token({ clientId: 'unknown', clientSecret: client.clientSecret }, form),
    ];
    for (const reply of attempts) {
      expectOAuthError(reply, 401, 'invalid_client', '1.6');
      expect(reply.headers.get('www-authenticate')).toBe('Basic realm="service",error="unauthorized"');
    }
  });

  it('accepts client credentials that were form-urlencoded before base64 (RFC 6749 §2.3.1)', async () => {
    const reply = await api.passwordGrant(client, account.email, account.password);
    expect(reply.status).toBe(200);
  });
});

describe('request errors', () => {
  it('2.1: a missing grant_type is invalid_request', async () => {
    expectOAuthError(await api.token(client, { username: account.email, password: account.password }), 400, 'invalid_request', '2.1', 'grant_type');
  });

  it('2.1: an unknown grant type is unsupported_grant_type', async () => {
    for (const grant of ['client_credentials', 'magic']) {
      expectOAuthError(await api.token(client, { grant_type: grant }), 400, 'unsupported_grant_type', '2.1', 'grant_type');
    }
  });

  it('2.1: a missing username, password or refresh_token is invalid_request on that field', async () => {
    expectOAuthError(await api.token(client, { grant_type: 'password', password: 'x' }), 400, 'invalid_request', '2.1', 'username');
    expectOAuthError(await api.token(client, { grant_type: 'password', username: account.email }), 400, 'invalid_request', '2.1', 'password');
    expectOAuthError(await api.token(client, { grant_type: 'refresh_token' }), 400, 'invalid_request', '2.1', 'refresh_token');
  });

  it('2.6: a JSON body is 415 (the token endpoint takes a form)', async () => {
    const reply = await api.post('/api/oauth/token', { basic: client, json: { grant_type: 'password' } });
    expect(reply.status).toBe(415);
    expect(errorCodes(reply)).toEqual(['2.6']);
  });
});

describe('password grant', () => {
  it('returns the token response of spec §2.2 with Cache-Control: no-store', async () => {
    const reply = await api.passwordGrant(client, account.email, account.password, { scope: 'service' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      refresh_token: expect.any(String),
      expires_in: 3600,
      scope: 'service',
      accountSecret: expect.stringMatching(/^\d{64}$/),
    });
    // Opaque random tokens of at least 128 bits.
    expect(reply.body.access_token.length).toBeGreaterThanOrEqual(22);
    expect(reply.body.access_token).not.toBe(reply.body.refresh_token);
  });

  it('keeps the accountSecret fixed across logins and clients, and differs between accounts', async () => {
    const first = await api.login(client, account);
    const second = await api.login(otherClient, account);
    expect(second.accountSecret).toBe(first.accountSecret);
    expect(second.access_token).not.toBe(first.access_token);
    const other = await api.createActiveAccount(client);
    expect((await api.login(client, other)).accountSecret).not.toBe(first.accountSecret);
  });

  it('accepts the account number and any letter case of the e-mail as username', async () => {
    const byNumber = await api.passwordGrant(client, account.accountNumber, account.password);
    expect(byNumber.status).toBe(200);
    const byUpperCase = await api.passwordGrant(client, account.email.toUpperCase(), account.password);
    expect(byUpperCase.status).toBe(200);
  });

  it('1.7: a wrong password or an unknown username is 400 invalid_grant', async () => {
    expectOAuthError(await api.passwordGrant(client, account.email, 'wrong password'), 400, 'invalid_grant', '1.7');
    expectOAuthError(await api.passwordGrant(client, uniqueEmail('ghost'), 'whatever pw'), 400, 'invalid_grant', '1.7');
  });

  it('1.13: a scope other than the service scope is invalid_scope', async () => {
    expectOAuthError(await api.passwordGrant(client, account.email, account.password, { scope: 'admin' }), 400, 'invalid_scope', '1.13');
    expectOAuthError(await api.passwordGrant(client, account.email, account.password, { scope: 'service admin' }), 400, 'invalid_scope', '1.13');
  });

  it('the access token authenticates resource requests', async () => {
    const { access_token } = await api.login(client, account);
    const me = await api.me(access_token);
    expect(me.status).toBe(200);
    expect(me.body.accountNumber).toBe(account.accountNumber);
  });
});

describe('refresh grant', () => {
  const refresh = (refreshToken: string, by: Client = client, extra: Record<string, string> = {}) =>
    api.token(by, { grant_type: 'refresh_token', refresh_token: refreshToken, ...extra });

  it('rotates: a new pair without accountSecret, and both access tokens work', async () => {
    const first = await api.login(client, account);
    const reply = await refresh(first.refresh_token, client, { scope: 'service' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      refresh_token: expect.any(String),
      expires_in: 3600,
      scope: 'service',
    });
    expect(reply.body.refresh_token).not.toBe(first.refresh_token);
    expect((await api.me(reply.body.access_token)).status).toBe(200);
    expect((await api.me(first.access_token)).status).toBe(200);
  });

  it('1.13: reusing a rotated-out refresh token fails and revokes the whole family', async () => {
    const first = await api.login(client, account);
    const rotated = (await refresh(first.refresh_token)).body;
    const secondRotation = (await refresh(rotated.refresh_token)).body;
    expect((await api.me(secondRotation.access_token)).status).toBe(200);

    expectOAuthError(await refresh(first.refresh_token), 400, 'invalid_grant', '1.13');

    // Every token of the family is dead now, including the newest pair.
    for (const token of [first.access_token, rotated.access_token, secondRotation.access_token]) {
      const me = await api.me(token);
      expectError(me, 401, '1.11');
      expect(me.headers.get('www-authenticate')).toBe('Bearer realm="service",error="invalid_token"');
    }
    expectOAuthError(await refresh(secondRotation.refresh_token), 400, 'invalid_grant', '1.13');

    // Other families of the same account are untouched.
    const independent = await api.login(client, account);
    expect((await api.me(independent.access_token)).status).toBe(200);
  });

  it('1.13: an unknown refresh token, an access token, or another client’s refresh token is invalid_grant', async () => {
    const tokens = await api.login(client, account);
    expectOAuthError(await refresh('not-a-refresh-token'), 400, 'invalid_grant', '1.13');
    expectOAuthError(await refresh(tokens.access_token), 400, 'invalid_grant', '1.13');
    expectOAuthError(await refresh(tokens.refresh_token, otherClient), 400, 'invalid_grant', '1.13');
    // The foreign attempt did not use it up.
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it('1.13: a wrong scope on refresh is invalid_scope and does not consume the token', async () => {
    const tokens = await api.login(client, account);
    expectOAuthError(await refresh(tokens.refresh_token, client, { scope: 'everything' }), 400, 'invalid_scope', '1.13');
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });
});

describe('POST /oauth/revoke', () => {
  const revoke = (token: string, by: Client = client) => api.post('/api/oauth/revoke', { basic: by, form: { token } });

  it('revoking an access token ends it and its refresh token', async () => {
    const tokens = await api.login(client, account);
    const reply = await revoke(tokens.access_token);
    expect(reply.status).toBe(200);
    const me = await api.me(tokens.access_token);
    expectError(me, 401, '1.11');
    expect(me.headers.get('www-authenticate')).toBe('Bearer realm="service",error="invalid_token"');
    expectOAuthError(await api.token(client, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }), 400, 'invalid_grant', '1.13');
  });

  it('revoking a refresh token ends the access token of its family', async () => {
    const tokens = await api.login(client, account);
    expect((await revoke(tokens.refresh_token)).status).toBe(200);
    expect((await api.me(tokens.access_token)).status).toBe(401);
  });

  it('answers 200 for unknown tokens and for another client’s token, which stays valid', async () => {
    expect((await revoke('never-issued')).status).toBe(200);
    const tokens = await api.login(client, account);
    expect((await revoke(tokens.access_token, otherClient)).status).toBe(200);
    expect((await api.me(tokens.access_token)).status).toBe(200);
  });

  it('1.6: without valid client credentials it is 401', async () => {
    const reply = await api.post('/api/oauth/revoke', { form: { token: 'x' } });
    expect(reply.status).toBe(401);
    expect(errorCodes(reply)).toEqual(['1.6']);
    expect(reply.body.error).toBe('invalid_client');
  });
});

describe('brute-force lockout', () => {
  it(`after 5 failures the right password is refused with 1.7 and Retry-After until the window ends`, async () => {
    const lockoutSeconds = inject('lockoutSeconds');
    const victim = await api.createActiveAccount(client);
    const started = Date.now();
    for (let attempt = 0; attempt < 5; attempt++) {
      expectOAuthError(await api.passwordGrant(client, victim.email, `wrong ${attempt}`), 400, 'invalid_grant', '1.7');
    }
    const locked = await api.passwordGrant(client, victim.email, victim.password);
    expectOAuthError(locked, 400, 'invalid_grant', '1.7');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(lockoutSeconds);

    // The lock is per username: another account through the same client is unaffected.
    expect((await api.passwordGrant(client, account.email, account.password)).status).toBe(200);

    // The window counts from the first failure (which the server records a little after `started`); once it
    // has passed, the right password works again.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + lockoutSeconds * 1000 + 1_000 - Date.now())));
    const after = await api.passwordGrant(client, victim.email, victim.password);
    expect(after.status, after.text).toBe(200);
    expect(after.body.accountSecret).toMatch(/^\d{64}$/);
  });

  it('counts unknown usernames too', async () => {
    const ghost = uniqueEmail('ghost');
    for (let attempt = 0; attempt < 5; attempt++) await api.passwordGrant(client, ghost, 'guess');
    const locked = await api.passwordGrant(client, ghost, 'guess');
    expectOAuthError(locked, 400, 'invalid_grant', '1.7');
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
