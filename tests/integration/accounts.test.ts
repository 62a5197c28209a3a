/**
 * Contract §3 (accounts) over HTTP: sign-up with client authentication and validation, the activation
 * e-mail and link, users/me, and the password change.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, expectError, GOOD_PASSWORD, sharedDriver, uniqueEmail, type Account, type Client } from './driver';

const api = sharedDriver();
let client: Client;

beforeAll(async () => {
  client = await api.createClient({ name: 'Account tests' });
});

describe('POST /accounts/users: client authentication', () => {
  const body = () => ({ name: 'Nobody', email: uniqueEmail('auth'), password: GOOD_PASSWORD, acceptTermsAndConditions: true });

  it('1.1: without a Basic header it is 401 with the Basic challenge', async () => {
    const reply = await api.post('/api/accounts/users', { json: body() });
    expectError(reply, 401, '1.1');
    expect(reply.headers.get('www-authenticate')).toBe('Basic realm="service",error="unauthorized"');
  });

  it('1.1: a bearer token is not client authentication', async () => {
    expectError(await api.post('/api/accounts/users', { json: body(), bearer: 'some-token' }), 401, '1.1');
  });

  it('1.6: a wrong client secret or an unknown client id is 401', async () => {
    for (const wrong of [
      { clientId: client.clientId, clientSecret: `${client.clientSecret}x` },
      { clientId: 'no-such-client', clientSecret: client.clientSecret },
    ]) {
      const reply = await api.post('/api/accounts/users', { json: body(), basic: wrong });
      expectError(reply, 401, '1.6');
      expect(reply.headers.get('www-authenticate')).toBe('Basic realm="service",error="unauthorized"');
    }
  });
});

describe('POST /accounts/users: body', () => {
  it('2.7: an empty body is 400', async () => {
    expectError(await api.post('/api/accounts/users', { basic: client, body: '', headers: { 'Content-Type': 'application/json' } }), 400, '2.7');
  });

  it('2.4: a body that is not JSON is 400', async () => {
    expectError(await api.post('/api/accounts/users', { basic: client, body: '{"name": ', headers: { 'Content-Type': 'application/json' } }), 400, '2.4');
  });

  it('2.6: a Content-Type other than JSON is 415', async () => {
    const reply = await api.post('/api/accounts/users', {
      basic: client,
      body: JSON.stringify({ name: 'x' }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expectError(reply, 415, '2.6');
  });

  it('accepts application/json with a charset', async () => {
    const email = uniqueEmail('charset');
    const reply = await api.post('/api/accounts/users', {
      basic: client,
      body: JSON.stringify({ name: 'Charset', email, password: GOOD_PASSWORD, acceptTermsAndConditions: true }),
      headers: { 'Content-Type': 'application/json; charset=UTF-8' },
    });
    expect(reply.status, reply.text).toBe(201);
  });

  it('reports every bad field of one request at once, each with its code and field', async () => {
    const reply = await api.post('/api/accounts/users', {
      basic: client,
      json: { name: 'Bad Fields', email: 'not-an-email', password: 'short', phoneNumber: 'call me maybe', acceptTermsAndConditions: false },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toHaveLength(4);
    expect(reply.body.errors).toEqual(
      expect.arrayContaining([
        { code: '3.4', description: expect.any(String), field: 'email' },
        { code: '3.2', description: expect.any(String), field: 'password' },
        { code: '3.14', description: expect.any(String), field: 'phoneNumber' },
        { code: '3.3', description: expect.any(String), field: 'acceptTermsAndConditions' },
      ]),
    );
  });

  it('3.17 for a field of the wrong type, 3.1 for a missing one, in one response', async () => {
    const reply = await api.post('/api/accounts/users', { basic: client, json: { name: 42, email: uniqueEmail('types'), acceptTermsAndConditions: true } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { code: '3.17', description: expect.any(String), field: 'name' },
      { code: '3.1', description: expect.any(String), field: 'password' },
    ]);
  });

  it('3.2: a password longer than 128 characters; 3.3: terms missing or not true', async () => {
    const tooLong = await api.signUp(client, { password: 'p'.repeat(129), acceptTermsAndConditions: 'yes' });
    expect(tooLong.reply.status).toBe(400);
    expect(tooLong.reply.body.errors).toEqual([
      { code: '3.2', description: expect.any(String), field: 'password' },
      { code: '3.3', description: expect.any(String), field: 'acceptTermsAndConditions' },
    ]);
    const missing = await api.signUp(client, { acceptTermsAndConditions: undefined });
    expectError(missing.reply, 400, '3.3', 'acceptTermsAndConditions');
  });

  it('accepts the string "true" for acceptTermsAndConditions and null for optional fields', async () => {
    const { reply } = await api.signUp(client, { acceptTermsAndConditions: 'true', phoneNumber: null, companyName: null });
    expect(reply.status, reply.text).toBe(201);
  });

  it('201 with accountId, a 7–8 digit accountNumber and Location', async () => {
    const { reply } = await api.signUp(client, { phoneNumber: '+31 (0)20-123 4567', companyName: 'Trucking BV' });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toEqual({ accountId: expect.any(String), accountNumber: expect.stringMatching(/^\d{7,8}$/) });
    expect(reply.headers.get('location')).toMatch(/\/accounts\/users\/me$/);
  });

  it('3.5: a duplicate e-mail, compared case-insensitively, is 400 on email', async () => {
    const email = uniqueEmail('dup');
    expect((await api.signUp(client, { email })).reply.status).toBe(201);
    expectError((await api.signUp(client, { email })).reply, 400, '3.5', 'email');
    expectError((await api.signUp(client, { email: email.toUpperCase() })).reply, 400, '3.5', 'email');
  });

  it('gives every account its own account number', async () => {
    const first = await api.signUp(client);
    const second = await api.signUp(client);
    expect(first.reply.body.accountNumber).not.toBe(second.reply.body.accountNumber);
  });
});

describe('activation', () => {
  it('mails a link; before it is opened the account cannot log in (1.7), afterwards it can', async () => {
    const { reply, input } = await api.signUp(client);
    expect(reply.status).toBe(201);

    const [mail] = await api.mailsTo(input.email);
    expect(mail!.subject).toMatch(/activate/i);
    expect(mail!.to?.[0]?.address).toBe(input.email);

    const before = await api.passwordGrant(client, input.email, input.password);
    expect(before.status).toBe(400);
    expect(before.body.error).toBe('invalid_grant');
    expect(errorCodes(before)).toEqual(['1.7']);

    const token = await api.activationToken(input.email);
    const activation = await api.activate(token);
    expect(activation.status).toBe(301);
    expect(activation.headers.get('location')).toMatch(/^\/login/);

    const after = await api.passwordGrant(client, input.email, input.password);
    expect(after.status, after.text).toBe(200);
  });

  it('4.39: a used link is refused', async () => {
    const { input } = await api.signUp(client);
    const token = await api.activationToken(input.email);
    expect((await api.activate(token)).status).toBe(301);
    expectError(await api.activate(token), 409, '4.39');
  });

  it('4.35: a token not of the token format; 4.38: a well-formed unknown token', async () => {
    for (const malformed of ['short', 'x'.repeat(44), `${'a'.repeat(42)}!`]) {
      expectError(await api.activate(encodeURIComponent(malformed)), 409, '4.35');
    }
    expectError(await api.activate('A'.repeat(43)), 409, '4.38');
  });

  it('sends a person with a browser to an explanation page instead of JSON', async () => {
    const reply = await api.get(`/api/accounts/activation/${'B'.repeat(43)}`, { headers: { Accept: 'text/html' } });
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe('/activation?error=4.38');
  });
});

describe('GET /accounts/users/me', () => {
  it('returns the caller with 0 credits in the partner environment', async () => {
    const account = await api.createActiveAccount(client, { phoneNumber: '+49 30 1234567', companyName: 'Spedition GmbH' });
    const { access_token } = await api.login(client, account);
    const reply = await api.me(access_token);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      accountId: account.accountId,
      accountNumber: account.accountNumber,
      name: account.name,
      email: account.email,
      phoneNumber: '+49 30 1234567',
      companyName: 'Spedition GmbH',
      credits: 0,
      paymentScheme: 'PRE_PAY',
      environment: 'partner',
    });
  });
});

describe('PUT /accounts/users/me/password', () => {
  let account: Account;
  let accessToken: string;

  beforeAll(async () => {
    account = await api.createActiveAccount(client);
    accessToken = (await api.login(client, account)).access_token;
  });

  const change = (body: unknown, bearer = accessToken) => api.put('/api/accounts/users/me/password', { bearer, json: body });

  it('1.8 without a token', async () => {
    expectError(await api.put('/api/accounts/users/me/password', { json: { oldPassword: 'a', newPassword: 'b' } }), 401, '1.8');
  });

  it('1.7: a wrong old password is 401 on oldPassword', async () => {
    expectError(await change({ oldPassword: 'not my password', newPassword: 'a brand new password' }), 401, '1.7', 'oldPassword');
  });

  it('3.7: the new password equal to the old one is 400', async () => {
    expectError(await change({ oldPassword: account.password, newPassword: account.password }), 400, '3.7', 'newPassword');
  });

  it('3.2: a new password that is too short; 2.7: no body', async () => {
    expectError(await change({ oldPassword: account.password, newPassword: 'short' }), 400, '3.2', 'newPassword');
    expectError(
      await api.put('/api/accounts/users/me/password', { bearer: accessToken, body: '', headers: { 'Content-Type': 'application/json' } }),
      400,
      '2.7',
    );
  });

  // Contract §3 as revised for issue 7: a password change ends every token (it used to keep them working).
  it('204, then only the new password logs in; existing tokens stop working', async () => {
    const newPassword = 'a brand new password';
    const reply = await change({ oldPassword: account.password, newPassword });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');

    const old = await api.passwordGrant(client, account.email, account.password);
    expect(old.status).toBe(400);
    expect(errorCodes(old)).toEqual(['1.7']);
    const fresh = await api.passwordGrant(client, account.email, newPassword);
    expect(fresh.status).toBe(200);
    expect((await api.me(accessToken)).status).toBe(401);
    expect((await api.me(fresh.body.access_token)).status).toBe(200);
    account = { ...account, password: newPassword };
  });
});
