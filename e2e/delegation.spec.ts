/**
 * Issue 10 part 4 in the browser: a holder delegates its roles on a document to another account, which sees the
 * document, acts on it and delegates further; revoking says what else it ends and takes it all away. And a
 * developer subscribes a real local receiver, reads the signing secret once, sends a test event, follows it in the
 * delivery log (a failed attempt, the next retry) and redelivers it. Every screen is checked with axe and
 * photographed at desktop, tablet and phone sizes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import path from 'node:path';
import { startWebhookReceiver, type WebhookReceiver } from '../tests/support/webhook-receiver';
import { createActiveAccount, newPerson } from './support/accounts';
import { basicAuth, createClient, type CreatedClient } from './support/admin';
import { signIn } from './support/portal';
import { WALKED } from './support/languages';
import { laidOut } from './support/layout';

const SHOTS = path.join('test-results', 'delegation');
const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

type Person = ReturnType<typeof newPerson>;

async function tokenOf(request: APIRequestContext, client: CreatedClient, person: Person): Promise<string> {
  const response = await request.post('/api/oauth/token', {
    headers: { Authorization: basicAuth(client) },
    form: { grant_type: 'password', username: person.email, password: person.password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A signed-in browser of its own for one person. */
async function portalFor(browser: Browser, person: Person): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

async function expectNoAxeViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    `axe on ${what}`,
  ).toEqual([]);
}

/** Screenshots at the three sizes (the page is left at the desktop size). */
async function photograph(page: Page, name: string, fullPage = true) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await laidOut(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.name}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('a consignor delegates its roles to another account, which sees the document, acts and delegates further; revoking ends it all', async ({
  browser,
  request,
}) => {
  // Three people, three browsers and screenshots at three sizes: more than the default minute on two shared cores.
  test.setTimeout(150_000);
  const client = await createClient({ name: 'e2e delegation' });
  const holder = newPerson('holder');
  const delegate = newPerson('delegate');
  const driver = newPerson('driver');
  const holderAccount = await createActiveAccount(request, client, holder);
  const delegateAccount = await createActiveAccount(request, client, delegate);
  const driverAccount = await createActiveAccount(request, client, driver);

  const created = await request.post('/api/freightdocuments', {
    headers: { Authorization: `Bearer ${await tokenOf(request, client, holder)}` },
    data: {
      type: 'WAYBILL',
      consignor: { name: 'Tegel BV', countryCode: 'NLD', submittedAccountNumber: holderAccount.accountNumber },
      consignee: { name: 'Fliesen GmbH', countryCode: 'DEU' },
      placeOfTakingOver: { name: 'Warehouse Utrecht', countryCode: 'NLD' },
      goods: '4 pallets of ceramic tiles',
    },
  });
  expect(created.status()).toBe(201);
  const { freightDocumentId } = (await created.json()) as { freightDocumentId: string };
  const documentPath = `/documents/${freightDocumentId}`;

  const holderPage = await portalFor(browser, holder);
  const panel = holderPage.getByTestId('delegates-panel');

  await test.step('the holder delegates the consignor role by e-mail and the submitter role by account number', async () => {
    await holderPage.goto(documentPath);
    await expect(panel.getByRole('heading', { name: 'Delegates' })).toBeVisible();
    await expect(panel).toContainText('You have not delegated any of your roles on this document.');
    const role = panel.getByLabel('Role to delegate');
    await role.selectOption({ label: 'Consignor' });
    await expect(panel.getByTestId('delegate-rights')).toContainText(
      'every right of the Consignor role on this document: view, delegate, and open sealed attachments',
    );

    // Naming nobody, then an account that does not exist: the server's and the schema's codes at the field.
    await panel.getByRole('button', { name: 'Delegate', exact: true }).click();
    await expect(panel.locator('[data-code="3.1"]')).toHaveText(/Enter the account number or the e-mail address of the delegate/);
    await panel.getByLabel('Account number or e-mail address of the delegate').fill('nobody@example.com');
    await panel.getByRole('button', { name: 'Delegate', exact: true }).click();
    await expect(panel.locator('[data-code="4.40"]')).toHaveText(/No activated account has this account number or e-mail address/);
    await expect(panel.getByLabel('Account number or e-mail address of the delegate')).toHaveAttribute('aria-invalid', 'true');

    await panel.getByLabel('Account number or e-mail address of the delegate').fill(delegate.email);
    await panel.getByRole('button', { name: 'Delegate', exact: true }).click();
    await expect(panel.getByRole('status').filter({ hasText: 'can now act as Consignor' })).toBeVisible();
    await panel.getByLabel('Role to delegate').selectOption({ label: 'Submitter' });
    await panel.getByLabel('Account number or e-mail address of the delegate').fill(delegateAccount.accountNumber);
    await panel.getByRole('button', { name: 'Delegate', exact: true }).click();
    await expect(panel.getByTestId('delegate')).toHaveCount(2);
    await expect(panel.getByTestId('delegate').first()).toContainText(delegate.name);

    // The same role again is 3.36, said at the field.
    await panel.getByLabel('Account number or e-mail address of the delegate').fill(delegateAccount.accountNumber);
    await panel.getByRole('button', { name: 'Delegate', exact: true }).click();
    await expect(panel.locator('[data-code="3.36"]')).toBeVisible();
    await expectNoAxeViolations(holderPage, 'the Delegates panel');
    await photograph(holderPage, 'document-delegates');
  });

  const delegatePage = await portalFor(browser, delegate);
  await test.step('the delegate finds the document in its list, issues it (the submitter role acts), and delegates the consignor role further', async () => {
    await delegatePage.goto('/documents');
    const row = delegatePage.getByTestId('documents-table').getByRole('row').filter({ hasText: 'Tegel BV' });
    await expect(row).toHaveCount(1);
    await row.getByRole('link').first().click();
    await expect(delegatePage).toHaveURL(new RegExp(`${documentPath}$`));
    await expect(delegatePage.getByTestId('own-permissions')).toContainText('You can issue this draft.');
    await delegatePage.getByRole('button', { name: 'Issue document' }).click();
    await delegatePage.getByRole('dialog', { name: 'Issue this document?' }).getByRole('button', { name: 'Yes, issue it' }).click();
    await expect(delegatePage.getByTestId('document-status')).toHaveText('Issued');

    const theirPanel = delegatePage.getByTestId('delegates-panel');
    await theirPanel.getByLabel('Role to delegate').selectOption({ label: 'Consignor' });
    await theirPanel.getByLabel('Account number or e-mail address of the delegate').fill(driverAccount.accountNumber);
    await theirPanel.getByRole('button', { name: 'Delegate', exact: true }).click();
    await expect(theirPanel.getByTestId('delegate')).toContainText(driver.name);
  });

  await test.step('revoking the consignor rights says that the driver loses them too, and ends both', async () => {
    await holderPage.goto(documentPath);
    await panel.getByRole('button', { name: `Revoke the Consignor rights of ${delegate.name}` }).click();
    const dialog = holderPage.getByRole('dialog', { name: `Revoke the Consignor rights of ${delegate.name}?` });
    await expect(dialog.getByTestId('revocation-also-ends')).toContainText(`${driver.name} (account ${driverAccount.accountNumber}) as Consignor on document`);
    await expect(dialog.getByRole('button', { name: 'Keep the delegation' })).toBeFocused();
    await expectNoAxeViolations(holderPage, 'the revocation dialog');
    await photograph(holderPage, 'revoke-dialog', false);
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByTestId('delegate')).toHaveCount(1);

    await panel.getByRole('button', { name: `Revoke the Submitter rights of ${delegate.name}` }).click();
    await expect(holderPage.getByRole('dialog')).toContainText('Nothing was delegated further from it.');
    await holderPage.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(panel).toContainText('You have not delegated any of your roles on this document.');
  });

  await test.step('the delegate and the driver no longer see the document', async () => {
    await delegatePage.goto('/documents');
    await expect(delegatePage.getByTestId('empty-state')).toBeVisible();
    await delegatePage.goto(documentPath);
    await expect(delegatePage.getByRole('heading', { level: 1 })).toHaveText(/not found|does not exist/i);
    const driverPage = await portalFor(browser, driver);
    await driverPage.goto(documentPath);
    await expect(driverPage.getByRole('heading', { level: 1 })).toHaveText(/not found|does not exist/i);
  });

  await test.step('account-wide delegates on the account page: add one, see it, revoke it', async () => {
    await holderPage.goto('/account');
    const section = holderPage.getByTestId('account-delegates');
    await expect(section).toContainText('You have no account-wide delegates.');
    await section.getByLabel('Role to delegate').selectOption({ label: 'Carrier' });
    await expect(section.getByTestId('account-delegate-rights')).toContainText('all your documents where you hold it');
    await section.getByLabel('Account number or e-mail address of the delegate').fill(holderAccount.accountNumber);
    await section.getByRole('button', { name: 'Delegate', exact: true }).click();
    await expect(section.locator('[data-code="4.7"]')).toHaveText(/You cannot delegate a role to yourself/);
    await section.getByLabel('Account number or e-mail address of the delegate').fill(delegate.email);
    await section.getByRole('button', { name: 'Delegate', exact: true }).click();
    await expect(section.getByTestId('delegate')).toContainText(delegate.name);
    await expect(section.getByTestId('delegate')).toContainText('All your documents (account-wide)');
    await expectNoAxeViolations(holderPage, 'the account page');
    await photograph(holderPage, 'account-delegates');
    await section.getByRole('button', { name: `Revoke the Carrier rights of ${delegate.name}` }).click();
    await holderPage.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(section).toContainText('You have no account-wide delegates.');
  });
});

test.describe('webhooks', () => {
  let receiver: WebhookReceiver;
  test.beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  test.afterAll(async () => {
    await receiver.close();
  });

  test('a developer subscribes a local receiver, keeps the secret, sends a test event, reads the log and redelivers', async ({ browser, request }) => {
    const client = await createClient({ name: 'e2e webhooks' });
    const developer = newPerson('webhooks');
    await createActiveAccount(request, client, developer);
    const page = await portalFor(browser, developer);
    const hook = '/e2e-hook';
    // The first attempt fails (503): the log shows it and the next retry; everything after succeeds.
    receiver.answer(hook, (count) => (count === 1 ? { status: 503 } : { status: 200 }));

    await test.step('4.14 at the field, then a subscription with its secret shown once', async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Webhooks' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      const url = page.getByLabel('Callback address (URL)');
      await url.fill('ftp://example.com/hook');
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page.locator('[data-code="4.14"]')).toContainText('starts with http:// or https://');
      await expect(url).toHaveAttribute('aria-invalid', 'true');
      await url.fill(receiver.url(hook));
      await page.getByRole('button', { name: 'Subscribe' }).click();
      const secret = page.getByTestId('signing-secret');
      await expect(secret.getByRole('heading', { name: 'Your signing secret' })).toBeFocused();
      const value = await secret.getByLabel('Signing secret').inputValue();
      expect(value).toMatch(/^whsec_/);
      receiver.secretFor(hook, value);
      await expect(secret.getByRole('region', { name: 'Example receiver in Node.js' }).or(secret.locator('pre'))).toContainText(
        'verifier.verify(body, req.headers)',
      );
      await expectNoAxeViolations(page, 'the Webhooks screen with a new secret');
      await photograph(page, 'webhooks-secret');
      await secret.getByRole('button', { name: 'I have kept it' }).click();
      await expect(secret).toBeHidden();
      await expect(page.getByTestId('subscription')).toContainText(receiver.url(hook));
    });

    await test.step('send a test event; the log shows the failed attempt and the next retry', async () => {
      await page.getByRole('button', { name: `Send test event to ${receiver.url(hook)}` }).click();
      await expect(page.getByRole('status').filter({ hasText: 'A test event was queued' })).toBeVisible();
      const [first] = await receiver.waitFor(hook, 1);
      expect(first!.verified).toBe(true);
      expect(JSON.parse(first!.body)).toEqual({ freightDocumentId: '00000000-0000-0000-0000-000000000000', status: 'TEST' });
      await page.getByRole('link', { name: `Delivery log of ${receiver.url(hook)}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Delivery log' })).toBeVisible();
      const delivery = page.getByTestId('delivery').first();
      await expect(delivery.getByTestId('attempts')).toContainText('HTTP 503');
      await expect(delivery.getByTestId('delivery-state')).toHaveText('Pending');
      await expect(delivery.getByTestId('next-attempt')).toContainText('Next attempt:');
      await expect(delivery).toContainText(first!.headers['webhook-id'] as string);
      await expectNoAxeViolations(page, 'the delivery log');
      await photograph(page, 'delivery-log');
    });

    await test.step('redeliver: the same webhook-id again, delivered, verified', async () => {
      const webhookId = receiver.to(hook)[0]!.headers['webhook-id'];
      await page
        .getByRole('button', { name: `Redeliver the event ${String(webhookId)}` })
        .first()
        .click();
      await expect(page.getByRole('status').filter({ hasText: 'queued again with the same webhook-id' })).toBeVisible();
      const [, again] = await receiver.waitFor(hook, 2);
      expect(again!.verified).toBe(true);
      expect(again!.headers['webhook-id']).toBe(webhookId);
      const newest = page.getByTestId('delivery').first();
      await expect(newest.getByTestId('delivery-state')).toHaveText('Delivered');
      await expect(newest.getByTestId('attempts')).toContainText('HTTP 200');
      await expect(page.getByTestId('delivery')).toHaveCount(2);
      await photograph(page, 'delivery-log-redelivered');
      // On a phone each attempt is a labelled card: nothing to scroll sideways, and still a table to a screen reader.
      await page.setViewportSize({ width: 390, height: 844 });
      const attempts = newest.getByRole('table');
      await expect(attempts.getByRole('row')).toHaveCount(2);
      const overflow = await newest.getByRole('region').evaluate((region) => region.scrollWidth - region.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, 'the delivery log on a phone');
      await page.setViewportSize({ width: 1366, height: 900 });
    });

    await test.step('the eleventh subscription is refused with 4.15 at the field', async () => {
      const token = await tokenOf(request, client, developer);
      for (let index = 2; index <= 10; index += 1) {
        const response = await request.post('/api/accounts/users/me/subscriptions', {
          headers: { Authorization: `Bearer ${token}` },
          data: { callbackUrl: receiver.url(`/spare-${index}`) },
        });
        expect(response.status()).toBe(201);
      }
      await page.goto('/webhooks');
      await expect(page.getByTestId('subscription')).toHaveCount(10);
      await page.getByLabel('Callback address (URL)').fill(receiver.url('/one-too-many'));
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page.locator('[data-code="4.15"]')).toContainText('10 subscriptions here already');
      await expect(page.getByLabel('Callback address (URL)')).toHaveAttribute('aria-invalid', 'true');
    });

    await test.step('delete a subscription after confirming', async () => {
      await page.getByRole('button', { name: `Delete the subscription of ${receiver.url(hook)}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: 'The subscription was deleted.' })).toBeVisible();
      await expect(page.getByTestId('subscription')).toHaveCount(9);
    });
  });

  test('a subscription to one document, from the document view', async ({ browser, request }) => {
    const client = await createClient({ name: 'e2e document webhooks' });
    const person = newPerson('docwebhooks');
    const account = await createActiveAccount(request, client, person);
    const created = await request.post('/api/freightdocuments', {
      headers: { Authorization: `Bearer ${await tokenOf(request, client, person)}` },
      data: {
        type: 'WAYBILL',
        consignor: { name: 'Acme', countryCode: 'NLD', submittedAccountNumber: account.accountNumber },
        consignee: { name: 'Beta', countryCode: 'DEU' },
        placeOfTakingOver: { name: 'Dock 4', countryCode: 'NLD' },
        goods: '12 pallets',
      },
    });
    const { freightDocumentId } = (await created.json()) as { freightDocumentId: string };
    const page = await portalFor(browser, person);
    await page.goto(`/documents/${freightDocumentId}`);
    await expect(page.getByText('You have no webhook subscriptions on this document.')).toBeVisible();
    await page.getByRole('link', { name: 'Manage the webhooks of this document' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Webhooks of document \S+/);
    await page.getByLabel('Callback address (URL)').fill(receiver.url('/document-hook'));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByTestId('signing-secret')).toBeVisible();
    await expectNoAxeViolations(page, 'the webhooks of a document');
    await photograph(page, 'document-webhooks');
    await page.getByRole('link', { name: 'All your webhooks' }).click();
    await expect(page.getByTestId('document-subscriptions')).toContainText(receiver.url('/document-hook'));
    await page.goto(`/documents/${freightDocumentId}`);
    await expect(page.getByText('You have one webhook subscription on this document.')).toBeVisible();
  });
});

test('every delegation and webhook screen in each language walked (all five under test:i18n): no missing message, no line left in English', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const client = await createClient({ name: 'e2e delegation languages' });
  const holder = newPerson('languages');
  const other = newPerson('languages-delegate');
  const holderAccount = await createActiveAccount(request, client, holder);
  const otherAccount = await createActiveAccount(request, client, other);
  const bearer = { Authorization: `Bearer ${await tokenOf(request, client, holder)}` };
  const created = await request.post('/api/freightdocuments', {
    headers: bearer,
    data: {
      type: 'WAYBILL',
      consignor: { name: 'Tegel BV', countryCode: 'NLD', submittedAccountNumber: holderAccount.accountNumber },
      consignee: { name: 'Fliesen GmbH', countryCode: 'DEU' },
      placeOfTakingOver: { name: 'Warehouse Utrecht', countryCode: 'NLD' },
      goods: '4 pallets of ceramic tiles',
    },
  });
  const { freightDocumentId } = (await created.json()) as { freightDocumentId: string };
  const delegated = await request.post(`/api/freightdocuments/${freightDocumentId}/delegate`, {
    headers: bearer,
    data: { role: 'CONSIGNOR', accountNumberOfDelegatee: otherAccount.accountNumber },
  });
  expect(delegated.status()).toBe(201);
  expect(
    (await request.post('/api/accounts/users/me/delegates', { headers: bearer, data: { role: 'CARRIER', emailAddressOfDelegatee: other.email } })).status(),
  ).toBe(201);
  const subscribed = await request.post('/api/accounts/users/me/subscriptions', { headers: bearer, data: { callbackUrl: 'http://127.0.0.1:9/never' } });
  const { subscriptionId } = (await subscribed.json()) as { subscriptionId: string };
  expect((await request.post(`/api/accounts/users/me/subscriptions/${subscriptionId}/test`, { headers: bearer })).status()).toBe(202);
  expect(
    (
      await request.post(`/api/freightdocuments/${freightDocumentId}/subscriptions`, { headers: bearer, data: { callbackUrl: 'http://127.0.0.1:9/doc' } })
    ).status(),
  ).toBe(201);

  const page = await portalFor(browser, holder);
  const screens = [
    { name: 'document', path: `/documents/${freightDocumentId}`, ready: page.getByTestId('delegates-panel').getByTestId('delegate') },
    { name: 'account', path: '/account', ready: page.getByTestId('account-delegates').getByTestId('delegate') },
    { name: 'webhooks', path: '/webhooks', ready: page.getByTestId('document-subscriptions') },
    { name: 'document-webhooks', path: `/documents/${freightDocumentId}/webhooks`, ready: page.getByTestId('subscription') },
    { name: 'delivery-log', path: `/webhooks/${subscriptionId}`, ready: page.getByTestId('delivery') },
  ];
  // Data the test typed in and codes that read the same everywhere.
  const data = [
    holder.name,
    holder.email,
    other.name,
    other.email,
    'Tegel BV',
    'Fliesen GmbH',
    'Warehouse Utrecht',
    'ceramic tiles',
    'http://',
    'whsec_',
    'webhook-id',
    'HTTP ',
  ];
  const prose = (line: string) =>
    (line.match(/\p{L}{2,}/gu) ?? []).length >= 2 && !data.some((value) => line.includes(value)) && !line.includes('Freight Document Service');
  const english = new Map<string, string[]>();
  for (const locale of WALKED) {
    // At the root path: a cookie set from a page's address would only hold below that page's folder.
    await page.context().addCookies([{ name: 'NEXT_LOCALE', value: locale, url: new URL('/', page.url()).toString() }]);
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(screen.ready.first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const lines = (await page.locator('main').innerText())
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      expect(
        lines.filter((line) => line.includes('[[i18n')),
        `${locale} ${screen.name}: missing messages`,
      ).toEqual([]);
      if (locale === 'en') english.set(screen.name, lines.filter(prose));
      else
        expect(
          english.get(screen.name)!.filter((line) => lines.includes(line)),
          `${locale} ${screen.name}: lines still in English`,
        ).toEqual([]);
    }
    await page.goto(`/documents/${freightDocumentId}`);
    // The revoke button's name holds the delegate's name in every language.
    await page.getByTestId('delegates-panel').getByRole('button', { name: other.name }).click();
    await expect(page.getByRole('dialog').locator('.also-ends, .hint').first()).toBeVisible();
    await expectNoAxeViolations(page, `the revocation dialog (${locale})`);
    if (locale === 'de') await photograph(page, 'revoke-dialog-de', false);
  }
});
