import path from 'node:path';
import { expect, test, type Locator, type Page } from './support/test';
import { createActiveAccount, mailMatching, newPerson } from './support/accounts';
import { createClient } from './support/admin';
import { signIn } from './support/portal';
import { expectNoAxeViolations, expectNoOverlap, VIEWPORTS } from './support/layout';
import { FULL, TEST_SEED } from '../tests/support/sampling';

const SHOTS = path.join('test-results', 'portal');
const group = (scope: Page | Locator, legend: string) => scope.getByRole('group', { name: legend, exact: true });
const unique = Date.now().toString(36);
const CONSIGNEE = `Bloemenveiling Aalsmeer ${unique}`;

let person: ReturnType<typeof newPerson>;
let issuedId = '';
let issuedNumber = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const client = await createClient({ name: 'E2E portal UX' });
  person = newPerson('portal-ux');
  await createActiveAccount(request, client, person);
});

test('a new submitter drafts from the address book, copies, issues the copy after confirming, and finds it by search', async ({ page }) => {
  await test.step('sign in lands on the dashboard of an empty account', async () => {
    await page.goto('/login');
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('status-counts')).toContainText('0');
    await expect(page.getByTestId('dashboard-recent')).toContainText('No documents yet');
  });

  await test.step('the consignee goes into the address book', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Address book' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Address book' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a party' }).click();
    const form = page.getByRole('form', { name: 'New party' });
    await form.getByLabel('Name', { exact: true }).fill(CONSIGNEE);
    await form.getByLabel('Street (optional)').fill('Legmeerdijk');
    await form.getByLabel('Building number (optional)').fill('313');
    await form.getByLabel('Postal code (optional)').fill('1431 GB');
    await form.getByLabel('City (optional)').fill('Aalsmeer');
    await form.getByLabel('Country').selectOption('NLD');
    await form.getByRole('button', { name: 'Save party' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The party is saved.' })).toBeVisible();
    await expect(page.getByTestId('address-book')).toContainText(CONSIGNEE);
  });

  await test.step('draft a waybill with the consignee picked from the address book', async () => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Draft a document' }).click();
    await expect(page).toHaveURL(/\/documents\/new$/);
    const consignor = group(page, 'Consignor');
    await consignor.getByLabel('Name', { exact: true }).fill('Tegel BV');
    await consignor.getByLabel('City', { exact: true }).fill('Utrecht');
    await consignor.getByLabel('Country', { exact: true }).selectOption({ label: 'Netherlands' });
    const consignee = group(page, 'Consignee');
    // The type-ahead offers the address book's parties; choosing one fills the whole block.
    await expect(page.locator('#address-book-parties option')).toHaveCount(1);
    await consignee.getByLabel('Name', { exact: true }).fill(CONSIGNEE);
    await expect(consignee.getByLabel('City', { exact: true })).toHaveValue('Aalsmeer');
    await expect(consignee.getByLabel('Street', { exact: true })).toHaveValue('Legmeerdijk');
    await expect(consignee.getByLabel('Country', { exact: true })).toHaveValue('NLD');
    await group(page, 'Place of taking over').getByRole('button', { name: 'Same address as the consignor' }).click();
    await expect(group(page, 'Place of taking over').getByLabel('Name', { exact: true })).toHaveValue('Tegel BV');
    await page.getByLabel('Free-text description').check();
    await page.getByLabel('Description of the goods').fill('12 trolleys of tulips');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/documents\/[^/]+\?saved=draft$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`– ${CONSIGNEE}`);
    await expect(page.getByTestId('own-permissions')).toContainText('You can edit this draft.');
    await expect(page.getByTestId('own-permissions')).not.toContainText('approve');
  });

  // Every click, fill, key press and selection of the second document, counted (issue 12: fewer than 15).
  let actions = 0;
  const act = async (action: () => Promise<unknown>) => {
    actions += 1;
    await action();
  };

  await test.step('copy it and issue the copy after the confirmation', async () => {
    await act(() => page.getByRole('link', { name: 'Copy to a new draft' }).click());
    await expect(page).toHaveURL(/\/documents\/new\?copy=/);
    await expect(group(page, 'Consignee').getByLabel('Name', { exact: true })).toHaveValue(CONSIGNEE);
    await act(() => page.getByRole('button', { name: 'Save and issue' }).click());
    const dialog = page.getByRole('dialog', { name: 'Issue this document?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(CONSIGNEE);
    await expect(dialog).toContainText('12 trolleys of tulips');
    await expect(dialog.getByTestId('issue-cost')).toContainText('issuing is free');
    await expect(dialog.getByRole('button', { name: 'Go back' })).toBeFocused();
    await act(() => dialog.getByRole('button', { name: 'Yes, issue it' }).click());
    await expect(page).toHaveURL(/\/documents\/[^/?]+\?saved=issued$/);
    await expect(page.getByTestId('document-status')).toHaveText('Issued');
    issuedId = new URL(page.url()).pathname.split('/').pop()!;
    issuedNumber = await page.getByTestId('service-number').innerText();
    await expect(page).toHaveTitle(`CMR ${issuedNumber} – ${CONSIGNEE}`);
  });

  await test.step('find it with the search box by a lowercase part of the consignee’s name', async () => {
    await act(() => page.getByRole('banner').getByRole('link', { name: 'Documents' }).click());
    await act(() => page.getByLabel('Search documents').fill(`veiling aalsmeer ${unique}`.toLowerCase()));
    await act(() => page.getByLabel('Search documents').press('Enter'));
    await expect(page).toHaveURL(/\?q=/);
    await expect(page.getByTestId('list-count')).toContainText('of 2');
    const row = page.getByTestId('documents-table').getByRole('row').filter({ hasText: issuedNumber });
    await expect(row).toContainText('Issued');
    await expect(row).toContainText(CONSIGNEE);
  });

  expect(actions, 'actions for the second document, from copy to found').toBeLessThan(15);
  console.log(`portal-ux: the second document took ${actions} actions`);
});

test('a submitter saves a form as a template, starts the next draft from it, and deletes it after confirming', async ({ page }) => {
  const TEMPLATE = `Tulips to Aalsmeer ${unique}`;
  await page.goto('/login?callbackUrl=%2Fdocuments%2Fnew');
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/documents\/new$/);

  await test.step('save the form as it is under a name', async () => {
    // No wait for the page's script: the fields are disabled until it runs, so nothing typed before is lost.
    await group(page, 'Consignor').getByLabel('Name', { exact: true }).fill('Tegel BV');
    await group(page, 'Consignee').getByLabel('Name', { exact: true }).fill(CONSIGNEE);
    await expect(group(page, 'Consignee').getByLabel('City', { exact: true })).toHaveValue('Aalsmeer');
    await page.getByText('Save as a template for later documents').click();
    await page.getByLabel('Template name').fill(TEMPLATE);
    await page.getByRole('button', { name: 'Save template' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Template “${TEMPLATE}” saved.` })).toBeVisible();
  });

  await test.step('the next draft starts from it', async () => {
    await page.goto('/documents/new');
    await page.getByLabel('Start from a saved template').selectOption({ label: TEMPLATE });
    await page.getByRole('button', { name: 'Fill the form' }).click();
    await expect(page.getByRole('status').filter({ hasText: `The form is filled from the template “${TEMPLATE}”.` })).toBeVisible();
    await expect(group(page, 'Consignor').getByLabel('Name', { exact: true })).toHaveValue('Tegel BV');
    await expect(group(page, 'Consignee').getByLabel('Name', { exact: true })).toHaveValue(CONSIGNEE);
    await expect(group(page, 'Consignee').getByLabel('City', { exact: true })).toHaveValue('Aalsmeer');
    for (const [size, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: path.join(SHOTS, `template-picker-${size}.png`) });
      await expectNoOverlap(page, `the template picker at ${size}`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  await test.step('delete it: asked first, "keep" is the safe default, then gone from the picker', async () => {
    await page.getByRole('button', { name: 'Delete template' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete the template “${TEMPLATE}”?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await expectNoAxeViolations(page, 'the delete-template dialog');
    for (const [size, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: path.join(SHOTS, `template-delete-${size}.png`) });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Start from a saved template').locator('option', { hasText: TEMPLATE })).toHaveCount(1);
    await page.getByRole('button', { name: 'Delete template' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Template “${TEMPLATE}” deleted.` })).toBeVisible();
    // It was the account's only template: the picker goes, and the form stays as it was filled.
    await expect(page.getByLabel('Start from a saved template')).toHaveCount(0);
    await expect(group(page, 'Consignee').getByLabel('Name', { exact: true })).toHaveValue(CONSIGNEE);
  });
});

/**
 * The phone, where overflow shows first, every run; of the three wider sizes `npm test` walks one drawn from the run's
 * seed (another from run to run) and `npm run test:full` all (issue 18's sampling: the four sizes took 68 s).
 */
const WALKED_VIEWPORTS = FULL ? VIEWPORTS : [VIEWPORTS[TEST_SEED % 3]!, VIEWPORTS[3]];

test('dashboard, list, form, view, address book and 404 on a phone and a sampled wider size (four under test:full): no overlap, nothing cut off, axe clean', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const screens: { name: string; path: string; ready: (page: Page) => Locator }[] = [
    { name: 'dashboard', path: '/', ready: (page) => page.getByTestId('status-counts') },
    { name: 'list', path: '/documents', ready: (page) => page.getByTestId('list-count').filter({ hasText: 'of' }) },
    { name: 'search', path: '/documents?q=aalsmeer', ready: (page) => page.getByTestId('list-count').filter({ hasText: 'of' }) },
    { name: 'form', path: '/documents/new', ready: (page) => page.getByTestId('issue-cost') },
    { name: 'view', path: `/documents/${issuedId}`, ready: (page) => page.getByTestId('history') },
    { name: 'address-book', path: '/address-book', ready: (page) => page.getByTestId('address-book') },
    { name: 'not-found', path: '/no-such-page', ready: (page) => page.getByRole('link', { name: 'Go to the dashboard' }) },
  ];
  for (const [size, viewport] of WALKED_VIEWPORTS) {
    const context = await browser.newContext({ viewport, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/$/);
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `${screen.name}-${size}.png`), fullPage: true });
      await expectNoOverlap(page, `${screen.name} at ${size}`);
      await expectNoAxeViolations(page, `${screen.name} at ${size}`);
    }
    // On a phone the list is cards, not a table that scrolls sideways.
    await page.goto('/documents');
    if (viewport.width < 640) {
      await expect(page.getByTestId('document-cards')).toBeVisible();
      await expect(page.getByTestId('documents-table')).toBeHidden();
    } else {
      await expect(page.getByTestId('documents-table')).toBeVisible();
    }
    await context.close();
  }
});

test('the invitation link fills the e-mail on sign-up; a forgotten password is reset once from the e-mailed link', async ({ page }) => {
  await page.goto(`/signup?email=${encodeURIComponent('invited@example.com')}`);
  await expect(page.getByLabel('E-mail address')).toHaveValue('invited@example.com');
  await expect(page.getByRole('link', { name: /terms and conditions/ })).toHaveAttribute('href', '/terms');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // Enabled once the page's script runs; typing before that could be lost.
  await expect(page.getByRole('button', { name: 'Send the link' })).toBeEnabled();
  await page.getByLabel('E-mail address').fill(person.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a link to choose a new password is on its way' })).toBeVisible();
  await expectNoAxeViolations(page, 'forgot password');

  // The reset mail is sent by a background job, after the activation mail already there: wait for it by its subject.
  const mail = await mailMatching(person.email, 'Reset your Freight Document Service password');
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link, 'a reset link in the e-mail').toBeDefined();
  const newPassword = `${person.password}-reset`;
  await page.goto(link!);
  await expect(page.getByRole('button', { name: 'Save the new password' })).toBeEnabled();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed.' })).toBeVisible();

  // The link works once.
  await page.goto(link!);
  await expect(page.getByRole('button', { name: 'Save the new password' })).toBeEnabled();
  await page.getByLabel('New password', { exact: true }).fill(`${newPassword}-again`);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.locator('.error-summary')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await expectNoAxeViolations(page, 'reset password, link used');

  await page.goto('/login');
  await signIn(page, person.email, newPassword);
  await expect(page).toHaveURL(/\/$/);
});
