/**
 * Finding of issue 20 (Low): a copied session cookie kept working after sign-out (an 8-hour JWT). Signing out now
 * ends the session on the server: the copy is refused at once, while the account's other sessions go on.
 *
 * @backends every: an ended session is a database row every instance must refuse.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedDriver, type Client } from './driver';
import { signedInSession } from './portal-session';

const api = sharedDriver();
let client: Client;

beforeAll(async () => {
  client = await api.createClient({ name: 'Sign-out' });
});

describe('sign-out ends the session on the server', () => {
  it('a copied cookie stops working after sign-out; another browser of the account stays signed in', async () => {
    const account = await api.createActiveAccount(client);
    const browser = await signedInSession(api, account.email, account.password);
    const otherBrowser = await signedInSession(api, account.accountNumber, account.password);
    const stolen = browser.on(api);
    expect(await stolen.accountId()).toBe(account.accountId);

    const csrf = await browser.get('/api/auth/csrf');
    const signedOut = await browser.request('POST', '/api/auth/signout', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken: csrf.body.csrfToken, json: 'true' }).toString(),
    });
    expect(signedOut.status, signedOut.text).toBe(200);

    expect(await stolen.accountId()).toBeUndefined();
    expect((await stolen.trpcQuery('account.me')).status).toBe(401);
    expect(await otherBrowser.accountId()).toBe(account.accountId);
  });
});
