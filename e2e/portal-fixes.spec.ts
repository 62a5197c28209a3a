/**
 * Portal fixes from the walk of issue 19 (item 7) and local times (item 6): the issue confirmation shows quantities,
 * weights, dates and holders; "same address as the consignee" keeps the holder the address book gave the consignee;
 * /documents/new hydrates without React error #418; the header is one line at 1366 px and links the API reference;
 * on a phone the list's filters fold behind one "Filter" button and the form's sections fold; the document's dates
 * show in the local time of their place, whatever the reader's zone. Screenshots into test-results/portal-fixes/.
 */
import { expect, test, type Locator, type Page } from './support/test';
import fs from 'node:fs';
import path from 'node:path';
import { createClient, type CreatedClient } from './support/admin';
import { expectNoOverlap, laidOut } from './support/layout';
import { signIn } from './support/portal';
import { expectAccessible, person, SIZES, type Person } from './support/tablet';

const SHOTS = path.join('test-results', 'portal-fixes');
const group = (scope: Page | Locator, legend: string) => scope.getByRole('group', { name: legend, exact: true });
const CONSIGNEE = `Fliesen GmbH ${Date.now().toString(36)}`;

let client: CreatedClient;
let submitter: Person;
let consignee: Person;
let documentId = '';

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 15_000 });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  client = await createClient({ name: 'E2E portal fixes' });
  submitter = await person(request, client, 'submitter');
  consignee = await person(request, client, 'consignee');
  // A first draft puts the consignee, with its account, into the submitter's address book (issue 12).
  const created = await request.post('/api/freightdocuments', {
    headers: { Authorization: `Bearer ${submitter.token}` },
    data: {
      type: 'WAYBILL',
      status: 'DRAFT',
      consignor: { name: 'Tegel BV', cityName: 'Utrecht', countryCode: 'NLD' },
      consignee: {
        name: CONSIGNEE,
        streetName: 'Hafenstraße',
        buildingNumber: '4',
        cityName: 'Köln',
        countryCode: 'DEU',
        submittedAccountNumber: consignee.accountNumber,
      },
      placeOfTakingOver: { name: 'Warehouse Utrecht', cityName: 'Utrecht', countryCode: 'NLD' },
      placeOfDelivery: { name: 'Lager Köln-Porz', cityName: 'Köln', countryCode: 'DEU' },
      goods: 'Tiles',
      estimatedDateTimeOfTakingOver: '2026-07-04T08:00:00Z',
      estimatedDateTimeOfDelivery: '2026-07-05T13:30:00Z',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  documentId = ((await created.json()) as { freightDocumentId: string }).freightDocumentId;
});

async function shots(page: Page, name: string, sizes: (keyof typeof SIZES)[] = ['desktop', 'tablet', 'phone']) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const own = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(SIZES[size]);
    await laidOut(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${SIZES[size].width}.png`), fullPage: true });
  }
  if (own) await page.setViewportSize(own);
}

test('the new-document form hydrates cleanly; "same address" keeps the holder; the confirmation shows what becomes fixed', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: SIZES.desktop, timezoneId: 'Europe/Amsterdam' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /#418|#423|hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`/login?callbackUrl=${encodeURIComponent('/documents/new')}`);
  await signIn(page, submitter.email, submitter.password);
  await expect(page).toHaveURL(/\/documents\/new$/);
  await expect(page.getByTestId('issue-cost')).toBeVisible();

  await test.step('the header: one line at 1366 px, with the API reference', async () => {
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/docs/api');
    const tops = await banner.locator('.nav-list > li').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(tops).size, `nav item tops ${tops.join(', ')}`).toBe(1);
    const height = await banner.evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBeLessThan(80);
  });

  await test.step('fill: consignee from the address book, the place of delivery as the consignee', async () => {
    const consignor = group(page, 'Consignor');
    await consignor.getByLabel('Name', { exact: true }).fill('Tegel BV');
    await consignor.getByLabel('City', { exact: true }).fill('Utrecht');
    await consignor.getByLabel('Country', { exact: true }).selectOption('NLD');
    await group(page, 'Consignee').getByLabel('Name', { exact: true }).fill(CONSIGNEE);
    await expect(group(page, 'Consignee').getByLabel('City', { exact: true })).toHaveValue('Köln');
    await expect(group(page, 'Consignee').getByLabel('Holder’s account number')).toHaveValue(consignee.accountNumber);
    await group(page, 'Place of taking over').getByRole('button', { name: 'Same address as the consignor' }).click();
    const delivery = page.getByRole('group', { name: /^Place of delivery/ });
    await delivery.getByRole('button', { name: 'Same address as the consignee' }).click();
    await expect(delivery.getByLabel('Name', { exact: true })).toHaveValue(CONSIGNEE);
    // The holder comes along instead of being dropped.
    await expect(delivery.getByLabel('Holder’s account number')).toHaveValue(consignee.accountNumber);
    const goods = group(page, 'Goods');
    await goods.getByLabel('Name', { exact: true }).fill('Ceramic tiles');
    await goods.getByLabel('Number of packages').fill('12');
    await goods.getByLabel('Weight (optional)', { exact: true }).fill('480');
    await goods.getByLabel('Weight unit').selectOption('KILOGRAM');
    await page.getByLabel(/^Estimated date and time of taking over/).fill('2026-07-04T10:00');
  });

  await test.step('the confirmation lists quantities, weights, dates and holders', async () => {
    await page.getByRole('button', { name: 'Save and issue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Issue this document?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Ceramic tiles, 12 packages, 480 kilogram');
    await expect(dialog).toContainText(`${CONSIGNEE}, Hafenstraße 4, Köln, DEU, account ${consignee.accountNumber}`);
    // The date in the local time of the place of taking over (Utrecht), 24-hour.
    await expect(dialog.locator('.details-row').filter({ hasText: 'Estimated taking over' })).toContainText('4 Jul 2026, 10:00 CEST');
    await expectAccessible(page);
    await shots(page, 'issue-dialog');
    await dialog.getByRole('button', { name: 'Go back' }).click();
  });
  expect(problems, 'hydration errors on /documents/new').toEqual([]);
  await context.close();
});

test('on a phone the list’s filters fold behind one Filter button and the form’s sections fold', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: SIZES.phone, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(`/login?callbackUrl=${encodeURIComponent('/documents')}`);
  await signIn(page, submitter.email, submitter.password);
  await expect(page.getByTestId('list-count')).toContainText('of');

  await test.step('filters', async () => {
    const toggle = page.getByRole('button', { name: 'Filter', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Apply filters' })).toBeHidden();
    await expectAccessible(page);
    await shots(page, 'list-filters-folded', ['phone']);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Apply filters' })).toBeVisible();
    await expectNoOverlap(page, 'the list with open filters at 390');
    await expectAccessible(page);
    await shots(page, 'list-filters-open', ['phone']);
    // Wider screens show the filters without the button.
    await page.setViewportSize(SIZES.desktop);
    await expect(toggle).toBeHidden();
    await expect(page.getByRole('button', { name: 'Apply filters' })).toBeVisible();
    await shots(page, 'list', ['desktop', 'tablet']);
    await page.setViewportSize(SIZES.phone);
  });

  await test.step('the form', async () => {
    await page.goto('/documents/new');
    await expect(page.getByTestId('issue-cost')).toBeVisible();
    const dates = page.locator('summary', { hasText: 'Dates and times' });
    await expect(dates).toBeVisible();
    await expect(page.getByLabel(/^Estimated date and time of taking over/)).toBeHidden();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`new-document form at 390 px, sections folded: ${height} px tall`);
    expect(height).toBeLessThan(4000);
    await expectNoOverlap(page, 'the folded form at 390');
    await expectAccessible(page);
    await shots(page, 'form-folded', ['phone']);
    await dates.click();
    await expect(page.getByLabel(/^Estimated date and time of taking over/)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: path.join(SHOTS, 'form-dates-open-390.png') });
    // Saving with errors opens every section, so that the error summary's links reach their fields.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.locator('.error-summary')).toBeVisible();
    await expect(group(page, 'Consignor').getByLabel('Name', { exact: true })).toBeVisible();
    await page.setViewportSize(SIZES.desktop);
    await expect(dates).toBeHidden();
    await shots(page, 'form', ['desktop', 'tablet']);
  });
  await context.close();
});

test('the document’s dates show in the local time of their place, 24-hour, whatever the reader’s zone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: SIZES.desktop, timezoneId: 'America/New_York', locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/documents/${documentId}`)}`);
  await signIn(page, submitter.email, submitter.password);
  const dates = page.locator('section[aria-labelledby="dates-title"]');
  // Utrecht (NLD) 08:00Z is 10:00 CEST; Köln (DEU) 13:30Z is 15:30 CEST.
  await expect(dates.first()).toContainText('4 Jul 2026, 10:00 CEST');
  await expect(dates.first()).toContainText('5 Jul 2026, 15:30 CEST');
  await expect(dates.first()).not.toContainText(/AM|PM/);
  await shots(page, 'document-dates', ['desktop']);
  await context.close();
});
