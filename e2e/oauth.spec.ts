import { expect, test, type Page } from './support/test';
import * as oauth from 'oauth4webapi';
import { createActiveAccount, newPerson } from './support/accounts';
import { createClient, type CreatedClient } from './support/admin';
import { baseURL } from './support/env';

const redirectUri = `${baseURL}/callback`;
const as: oauth.AuthorizationServer = {
  issuer: baseURL,
  authorization_endpoint: `${baseURL}/api/oauth/authorize`,
  token_endpoint: `${baseURL}/api/oauth/token`,
};
// The service runs on plain http on 127.0.0.1 in this test.
const insecure = { [oauth.allowInsecureRequests]: true } as const;

let client: CreatedClient;
test.beforeAll(async () => {
  client = await createClient({ name: 'E2E', integration: true, redirectUris: [redirectUri] });
});

/** Answers the client's redirect URI inside the browser, so the test sees exactly where it was sent. */
async function serveCallback(page: Page) {
  await page.route(`${redirectUri}**`, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'callback reached' }));
}

async function startAuthorization(page: Page, person: ReturnType<typeof newPerson>, codeChallenge: string, state: string) {
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', 'service');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  await page.goto(url.toString());

  // The service sends the browser to its own sign-in page first.
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Foauth%2Fconsent%3F/);
  await page.getByLabel('E-mail address or account number').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/oauth\/consent\?/);
  await expect(page.getByText('E2E wants to access your Freight Document Service account')).toBeVisible();
}

test('authorization code with PKCE, token exchange with oauth4webapi, code reuse revokes', async ({ page, request }) => {
  const person = newPerson('oauth');
  const account = await createActiveAccount(request, client, person);
  await serveCallback(page);

  const codeVerifier = oauth.generateRandomCodeVerifier();
  const codeChallenge = await oauth.calculatePKCECodeChallenge(codeVerifier);
  const state = oauth.generateRandomState();

  await startAuthorization(page, person, codeChallenge, state);
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((url) => url.href.startsWith(redirectUri));
  const callback = new URL(page.url());
  expect(callback.searchParams.get('state')).toBe(state);

  const clientAuth = oauth.ClientSecretPost(client.clientSecret);
  const params = oauth.validateAuthResponse(as, { client_id: client.clientId }, callback, state);
  const response = await oauth.authorizationCodeGrantRequest(as, { client_id: client.clientId }, clientAuth, params, redirectUri, codeVerifier, insecure);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toContain('no-store');
  const tokens = await oauth.processAuthorizationCodeResponse(as, { client_id: client.clientId }, response);
  expect(tokens.token_type).toBe('bearer');
  expect(tokens.refresh_token).toBeTruthy();
  expect(tokens).not.toHaveProperty('accountSecret');

  const me = await request.get('/api/accounts/users/me', { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ accountId: account.accountId, accountNumber: account.accountNumber, email: person.email, credits: 0 });

  // The same code a second time: refused, and the tokens of the first exchange are revoked.
  const reuse = await oauth.authorizationCodeGrantRequest(as, { client_id: client.clientId }, clientAuth, params, redirectUri, codeVerifier, insecure);
  expect(reuse.status).toBe(400);
  const reuseBody = (await reuse.clone().json()) as { error: string; errors: Array<{ code: string }> };
  expect(reuseBody.error).toBe('invalid_grant');
  expect(reuseBody.errors[0]!.code).toBe('1.13');
  await expect(oauth.processAuthorizationCodeResponse(as, { client_id: client.clientId }, reuse)).rejects.toMatchObject({
    error: 'invalid_grant',
    status: 400,
  });

  const after = await request.get('/api/accounts/users/me', { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect(after.status()).toBe(401);
  expect(((await after.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('1.11');
});

test('Deny on the consent page redirects with error=access_denied', async ({ page, request }) => {
  const person = newPerson('deny');
  await createActiveAccount(request, client, person);
  await serveCallback(page);

  const state = oauth.generateRandomState();
  await startAuthorization(page, person, await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()), state);
  await page.getByRole('button', { name: 'Deny' }).click();
  await page.waitForURL((url) => url.href.startsWith(redirectUri));
  const callback = new URL(page.url());
  expect(callback.searchParams.get('error')).toBe('access_denied');
  expect(callback.searchParams.get('state')).toBe(state);
  expect(callback.searchParams.has('code')).toBe(false);
  expect(() => oauth.validateAuthResponse(as, { client_id: client.clientId }, callback, state)).toThrow();
});

test('an unregistered redirect URI is an error page, never a redirect', async ({ page }) => {
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', 'https://evil.example/callback');
  const response = await page.goto(url.toString());
  expect(response?.status()).toBe(400);
  expect(new URL(page.url()).origin).toBe(baseURL);
  await expect(page.getByRole('heading', { name: 'This sign-in link is not valid' })).toBeVisible();
});

test('implicit grant: a flagged client gets a token in the fragment, and it works', async ({ page, request }) => {
  const implicitRedirect = `${baseURL}/implicit-callback`;
  const implicitClient = await createClient({ name: 'E2E implicit', implicit: true, redirectUris: [implicitRedirect] });
  const person = newPerson('implicit');
  const account = await createActiveAccount(request, client, person);
  await page.route(`${implicitRedirect}**`, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'callback reached' }));

  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('response_type', 'token');
  url.searchParams.set('client_id', implicitClient.clientId);
  url.searchParams.set('redirect_uri', implicitRedirect);
  url.searchParams.set('state', 'implicit-state');
  await page.goto(url.toString());
  await page.getByLabel('E-mail address or account number').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('E2E implicit wants to access your Freight Document Service account')).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((current) => current.href.startsWith(implicitRedirect));

  const fragment = new URLSearchParams(new URL(page.url()).hash.slice(1));
  expect(fragment.get('token_type')).toBe('bearer');
  expect(fragment.get('state')).toBe('implicit-state');
  expect(Number(fragment.get('expires_in'))).toBeGreaterThan(0);
  expect(fragment.has('refresh_token')).toBe(false);
  const me = await request.get(`${baseURL}/api/accounts/users/me`, { headers: { Authorization: `Bearer ${fragment.get('access_token')}` } });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { accountId: string }).accountId).toBe(account.accountId);
});
