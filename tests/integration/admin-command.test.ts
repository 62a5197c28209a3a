/**
 * Contract §12, the admin command, run as an operator runs it while the server is up (with PGlite it goes
 * through the running server, with PostgreSQL it connects directly). Its effects are checked over HTTP.
 *
 * @backends every: with PGlite the command goes through the running server, with PostgreSQL it connects directly.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, sharedDriver, uniqueEmail, type Client } from './driver';

const api = sharedDriver();
let client: Client;

beforeAll(async () => {
  client = await api.createClient({ name: 'Admin command tests' });
});

describe('client:create', () => {
  it('prints a client id and a secret that authenticate at the API', async () => {
    const result = await api.admin(['client:create', '--name', 'Freshly registered', '--integration', '--redirect-uri', 'https://a.example.test/cb']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json).toEqual({ clientId: expect.any(String), clientSecret: expect.any(String) });
    expect(result.json.clientSecret.length).toBeGreaterThanOrEqual(32);

    const signUp = await api.signUp(result.json);
    expect(signUp.reply.status).toBe(201);
    const wrongSecret = await api.signUp({ ...result.json, clientSecret: `${result.json.clientSecret}x` });
    expect(wrongSecret.reply.status).toBe(401);
  });

  it('registers the redirect URIs it was given', async () => {
    const result = await api.admin(['client:create', '--name', 'Redirects', '--integration', '--redirect-uri', 'https://b.example.test/cb']);
    expect(result.code).toBe(0);
    const query = new URLSearchParams({ response_type: 'code', client_id: result.json.clientId, redirect_uri: 'https://b.example.test/cb' });
    expect((await api.get(`/api/oauth/authorize?${query}`)).status).toBe(302);
  });

  it('fails without a name', async () => {
    const result = await api.admin(['client:create']);
    expect(result.code).not.toBe(0);
    expect(result.json.errors).toEqual([{ code: '3.1', description: expect.any(String), field: 'name' }]);
  });
});

describe('credits:add', () => {
  it('adds to the account, as users/me shows', async () => {
    const account = await api.createActiveAccount(client);
    const first = await api.admin(['credits:add', '--account', account.accountNumber, '--amount', '5']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json).toEqual({ accountNumber: account.accountNumber, credits: 5 });
    const second = await api.admin(['credits:add', '--account', account.accountNumber, '--amount', '7']);
    expect(second.json.credits).toBe(12);

    const { access_token } = await api.login(client, account);
    expect((await api.me(access_token)).body.credits).toBe(12);
  });

  it('fails with 4.40 for an account number that does not exist, and with 3.29 for a non-positive amount', async () => {
    const unknown = await api.admin(['credits:add', '--account', '99999998', '--amount', '5']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stdout).toBe('');
    expect(unknown.json.errors).toEqual([{ code: '4.40', description: expect.any(String), field: 'accountNumber' }]);

    const account = await api.createActiveAccount(client);
    const zero = await api.admin(['credits:add', '--account', account.accountNumber, '--amount', '0']);
    expect(zero.code).not.toBe(0);
    expect(zero.json.errors[0]).toMatchObject({ code: '3.29', field: 'amount' });
  });
});

describe('account:activate', () => {
  it('lets a fresh account log in without the e-mail link', async () => {
    const email = uniqueEmail('operator');
    const { reply } = await api.signUp(client, { email });
    expect(reply.status).toBe(201);
    expect((await api.passwordGrant(client, email, GOOD_PASSWORD)).status).toBe(400);

    const result = await api.admin(['account:activate', '--email', email.toUpperCase()]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json).toEqual({ accountId: reply.body.accountId, accountNumber: reply.body.accountNumber, email, activated: true });

    const login = await api.passwordGrant(client, email, GOOD_PASSWORD);
    expect(login.status, login.text).toBe(200);
    // The mailed link is used up by the operator's activation.
    const link = await api.activate(await api.activationToken(email));
    expect(link.status).toBe(409);
    expect(link.body.errors[0].code).toBe('4.39');
  });

  it('fails for an unknown e-mail (4.1) and an already active account (4.39)', async () => {
    const unknown = await api.admin(['account:activate', '--email', uniqueEmail('nobody')]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.json.errors[0].code).toBe('4.1');

    const account = await api.createActiveAccount(client);
    const again = await api.admin(['account:activate', '--email', account.email]);
    expect(again.code).not.toBe(0);
    expect(again.json.errors[0].code).toBe('4.39');
  });
});
