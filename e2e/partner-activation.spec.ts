/**
 * Issue 34 item 3: no dead end in a partner environment without SMTP_URL. Nobody activates an account without a proven
 * address (contract §3), so the sign-up confirmation and the sign-in's "not activated" message print the operator's
 * exact `npm run admin` command for the address, and how to set SMTP_URL; running that command lets the person sign in.
 * The suite's server sends mail, so this spec starts a server of its own without SMTP_URL.
 */
import { expect, test } from './support/test';
import { startServer, type RunningServer } from '../tests/support/server';
import { newPerson } from './support/accounts';
import { admin } from './support/admin';
import { errorSummary, signIn } from './support/portal';
import { expectAccessible } from './support/tablet';

let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ kind: 'pglite', name: 'e2e-partner-activation', env: { SMTP_URL: '' } });
});

test.afterAll(async () => {
  await server?.stop();
  await server?.dispose();
});

test('without SMTP_URL the sign-up confirmation prints the activation command; running it lets the person sign in', async ({ browser }) => {
  test.setTimeout(180_000);
  const person = newPerson('no-smtp');
  const command = `npm run admin -- account:activate --email ${person.email}`;
  const page = await (await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 768 }, locale: 'en-US' })).newPage();

  await page.goto('/signup');
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('E-mail address').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeFocused();
  await expect(page.getByTestId('activation-command')).toHaveText(command);
  await expect(page.getByTestId('activation-help')).toContainText('SMTP_URL');
  await expectAccessible(page);

  await page.goto('/login');
  await signIn(page, person.email, person.password);
  await expect(errorSummary(page)).toContainText('this partner (test) environment sends no activation e-mail');
  await expect(errorSummary(page).getByTestId('activation-command')).toHaveText(command);
  await expectAccessible(page);

  // The operator runs exactly what the page printed (its arguments after `npm run admin --`).
  const args = command.replace('npm run admin -- ', '').split(' ');
  await admin(args, { dataDir: server.dataDir!, port: server.port });
  await page.goto('/login');
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/$/);
});
