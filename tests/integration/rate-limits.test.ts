/**
 * Rate limits (issue 13) on a server of its own with low limits: sign-ups and token requests per client, writes per
 * account and per client, each refused with 1.10 (429), Retry-After and the contract's error body; reads are
 * never counted. (Across two instances: tests/instances/shared-state.test.ts.)
 *
 * @backends every: the counters are atomic updates in the database, shared by instances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { validBody } from './documents-support';
import { Driver, expectError, GOOD_PASSWORD, serverTarget, startOwnServer, uniqueEmail, type Reply } from './driver';
import { signedInSession } from './portal-session';

let server: RunningServer;
let api: Driver;

beforeAll(async () => {
  server = await startOwnServer('rate-limits', {
    RATE_LIMIT_WINDOW_SECONDS: '600',
    RATE_LIMIT_SIGNUPS_PER_CLIENT: '2',
    RATE_LIMIT_TOKEN_REQUESTS_PER_CLIENT: '4',
    RATE_LIMIT_WRITES_PER_ACCOUNT: '3',
    RATE_LIMIT_WRITES_PER_CLIENT: '5',
  });
  api = new Driver(serverTarget(server));
});

afterAll(async () => server?.dispose());

function expectRateLimited(reply: Reply) {
  expectError(reply, 429, '1.10');
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
}

describe('rate limits', () => {
  it('sign-ups per client: the third in the window is 429, another client is not affected', async () => {
    const client = await api.createClient({ name: 'Sign-ups' });
    for (let i = 0; i < 2; i += 1) expect((await api.signUp(client)).reply.status).toBe(201);
    expectRateLimited((await api.signUp(client)).reply);
    const other = await api.createClient({ name: 'Other' });
    expect((await api.signUp(other)).reply.status).toBe(201);
  });

  it('token requests per client, counted before any password is checked, with the RFC 6749 fields', async () => {
    const client = await api.createClient({ name: 'Tokens' });
    const account = await api.createActiveAccount(client);
    expect((await api.passwordGrant(client, account.email, 'wrong password')).status).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await api.passwordGrant(client, account.email, account.password)).status).toBe(200);
    const refused = await api.passwordGrant(client, account.email, account.password);
    expectRateLimited(refused);
    expect(refused.body.error).toBe('temporarily_unavailable');
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('writes per account: the fourth write is 429 while reads go on; a portal mutation counts too', async () => {
    const client = await api.createClient({ name: 'Writes' });
    const account = await api.createActiveAccount(client);
    const token = (await api.login(client, account)).access_token;
    for (let i = 0; i < 3; i += 1) expect((await api.post('/api/freightdocuments', { bearer: token, json: validBody() })).status).toBe(201);
    expectRateLimited(await api.post('/api/freightdocuments', { bearer: token, json: validBody() }));
    for (let i = 0; i < 5; i += 1) expect((await api.get('/api/freightdocuments', { bearer: token })).status).toBe(200);

    const portal = await signedInSession(api, account.email, account.password);
    const mutation = await portal.trpcMutation('documents.create', validBody());
    expect(mutation.status).toBe(429);
    expect(mutation.body.error.data.errors).toEqual([expect.objectContaining({ code: '1.10' })]);
  });

  it('writes per client: two accounts of one client share its limit of 5', async () => {
    const client = await api.createClient({ name: 'Shared client' });
    const other = await api.createClient({ name: 'Sign-up helper' });
    const [first, second] = [
      await api.createActiveAccount(other),
      await api.createActiveAccount(other, { email: uniqueEmail('second'), password: GOOD_PASSWORD }),
    ];
    const tokens = [(await api.login(client, first)).access_token, (await api.login(client, second)).access_token];
    for (let i = 0; i < 3; i += 1) expect((await api.post('/api/freightdocuments', { bearer: tokens[0], json: validBody() })).status).toBe(201);
    for (let i = 0; i < 2; i += 1) expect((await api.post('/api/freightdocuments', { bearer: tokens[1], json: validBody() })).status).toBe(201);
    expectRateLimited(await api.post('/api/freightdocuments', { bearer: tokens[1], json: validBody() }));
  });
});
