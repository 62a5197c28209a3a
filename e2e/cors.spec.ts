import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/test';
import { createActiveAccount, newPerson } from './support/accounts';
import { createClient } from './support/admin';
import { baseURL } from './support/env';
import { signIn } from './support/portal';

/**
 * Contract §1 CORS and §2 implicit grant, end to end in the browser: a browser app served from its own
 * origin gets a token by the implicit grant and calls the API with it; the same app served from an origin
 * that is neither configured nor an implicit client's is refused by the browser.
 */

/** The browser app: starts the implicit grant when it has no token, then calls GET /accounts/users/me. */
function appPage(clientId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Driver app</title></head>
<body><main><h1>Driver app</h1><p id="outcome" role="status">starting</p><pre id="account"></pre></main>
<script>
const service = ${JSON.stringify(baseURL)};
const token = new URLSearchParams(location.hash.slice(1)).get('access_token');
const outcome = document.getElementById('outcome');
if (!token) {
  const query = new URLSearchParams({ response_type: 'token', client_id: ${JSON.stringify(clientId)}, redirect_uri: location.origin + location.pathname, state: 'app-state' });
  location.assign(service + '/api/oauth/authorize?' + query);
} else {
  fetch(service + '/api/accounts/users/me', { headers: { Authorization: 'Bearer ' + token, Accept: 'application/json' } })
    .then((response) => response.json().then((body) => {
      outcome.textContent = 'answered ' + response.status;
      document.getElementById('account').textContent = body.accountNumber || '';
    }))
    .catch((error) => { outcome.textContent = 'refused: ' + error.message; });
}
</script></body></html>`;
}

/** A tiny static server for the app page, on a port of its own (so on an origin of its own). */
async function serveApp(clientId: () => string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/app.html')) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(appPage(clientId()));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('a browser app on an implicit client origin gets a token and calls the API; another origin is refused', async ({ page, request }) => {
  let clientId = '';
  const allowedApp = await serveApp(() => clientId);
  const otherApp = await serveApp(() => clientId);
  try {
    const implicitClient = await createClient({ name: 'Driver app', implicit: true, redirectUris: [`${allowedApp.origin}/app.html`] });
    clientId = implicitClient.clientId;
    const person = newPerson('cors');
    const account = await createActiveAccount(request, implicitClient, person);

    await page.goto(`${allowedApp.origin}/app.html`);
    await expect(page).toHaveURL(/\/login\?/);
    await signIn(page, person.email, person.password);
    await expect(page.getByText('Driver app wants to access your Freight Document Service account')).toBeVisible();
    await page.getByRole('button', { name: 'Allow' }).click();

    await page.waitForURL((url) => url.origin === allowedApp.origin);
    await expect(page.locator('#outcome')).toHaveText('answered 200');
    await expect(page.locator('#account')).toHaveText(account.accountNumber);
    const token = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('access_token')!;

    // The same app and the same valid token from an origin nobody allowed: the browser blocks the call.
    await page.goto(`${otherApp.origin}/app.html#access_token=${encodeURIComponent(token)}`);
    await expect(page.locator('#outcome')).toHaveText(/^refused: /);
    await expect(page.locator('#account')).toHaveText('');
    // The token itself is fine: the refusal is the browser's, on the service's CORS answer.
    expect((await request.get('/api/accounts/users/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
  } finally {
    await Promise.all([allowedApp.close(), otherApp.close()]);
  }
});
