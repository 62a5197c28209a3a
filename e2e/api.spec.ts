import { expect, test, type APIRequestContext } from '@playwright/test';
import { createActiveAccount, newPerson } from './support/accounts';
import { basicAuth, createClient, type CreatedClient } from './support/admin';

interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  accountSecret?: string;
}

function token(request: APIRequestContext, client: CreatedClient, form: Record<string, string>) {
  return request.post('/api/oauth/token', { headers: { Authorization: basicAuth(client) }, form });
}

function me(request: APIRequestContext, accessToken: string) {
  return request.get('/api/accounts/users/me', { headers: { Authorization: `Bearer ${accessToken}` } });
}

async function errorCode(response: { json(): Promise<unknown> }) {
  return ((await response.json()) as { errors: Array<{ code: string }> }).errors[0]!.code;
}

test('register, activate through the e-mail link, password grant, users/me, refresh rotation', async ({ request }) => {
  const client = await createClient({ name: 'E2E API' });
  const person = newPerson('api');

  const account = await test.step('register and activate', async () => {
    const created = await createActiveAccount(request, client, person);
    expect(created.accountNumber).toMatch(/^\d{7,8}$/);
    return created;
  });

  const first = await test.step('password grant', async () => {
    const response = await token(request, client, { grant_type: 'password', username: person.email, password: person.password });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('no-store');
    const body = (await response.json()) as TokenResponse;
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'service' });
    expect(body.accountSecret).toMatch(/^\d{64}$/);
    return body;
  });

  await test.step('users/me', async () => {
    const response = await me(request, first.access_token);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({
      accountId: account.accountId,
      accountNumber: account.accountNumber,
      name: person.name,
      email: person.email,
      phoneNumber: null,
      companyName: null,
      credits: 0,
      paymentScheme: 'PRE_PAY',
      environment: 'partner',
    });
  });

  const second = await test.step('refresh rotates the refresh token', async () => {
    const response = await token(request, client, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as TokenResponse;
    expect(body.refresh_token).not.toBe(first.refresh_token);
    expect(body.access_token).not.toBe(first.access_token);
    expect((await me(request, body.access_token)).status()).toBe(200);
    return body;
  });

  await test.step('presenting the rotated-out refresh token revokes the family', async () => {
    const reuse = await token(request, client, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse.status()).toBe(400);
    expect(await errorCode(reuse)).toBe('1.13');

    const next = await token(request, client, { grant_type: 'refresh_token', refresh_token: second.refresh_token });
    expect(next.status()).toBe(400);
    expect(await errorCode(next)).toBe('1.13');

    const revoked = await me(request, second.access_token);
    expect(revoked.status()).toBe(401);
    expect(await errorCode(revoked)).toBe('1.11');
  });
});

test('the password grant refuses an account that is not activated', async ({ request }) => {
  const client = await createClient({ name: 'E2E API inactive' });
  const person = newPerson('inactive');
  const created = await request.post('/api/accounts/users', {
    headers: { Authorization: basicAuth(client) },
    data: { name: person.name, email: person.email, password: person.password, acceptTermsAndConditions: 'true' },
  });
  expect(created.status()).toBe(201);
  const response = await token(request, client, { grant_type: 'password', username: person.email, password: person.password });
  expect(response.status()).toBe(400);
  expect(await errorCode(response)).toBe('1.7');
});
