import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { createActiveAccount, newPerson } from './support/accounts';
import { basicAuth, createClient } from './support/admin';
import { signIn } from './support/portal';

/**
 * Issue 11 in the browser: "Download PDF" from the document view gives the consignment note as a file, "Print" opens
 * it in a new tab, and the public verification page (no account) at phone, tablet and desktop size, accessible.
 * Screenshots go to test-results/pdf/.
 */
const SHOTS = path.join(__dirname, '..', 'test-results', 'pdf');
const SIZES = [
  ['1366x900', { width: 1366, height: 900 }],
  ['1024x768', { width: 1024, height: 768 }],
  ['768x1024', { width: 768, height: 1024 }],
  ['390x844', { width: 390, height: 844 }],
] as const;

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('download the PDF from the document view, print it, and open its verification page without an account', async ({ page, request, browser }) => {
  // Renders, prints and checks three pages for accessibility: about a minute on a slow 2-core CI machine.
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const person = newPerson('pdf');
  const client = await createClient({ name: 'PDF e2e' });
  await createActiveAccount(request, client, person);
  const token = (await (
    await request.post('/api/oauth/token', {
      headers: { Authorization: basicAuth(client) },
      form: { grant_type: 'password', username: person.email, password: person.password },
    })
  ).json()) as { access_token: string };
  const created = await request.post('/api/freightdocuments', {
    headers: { Authorization: `Bearer ${token.access_token}` },
    data: {
      type: 'WAYBILL',
      // Issued: a draft has no verification page (issue 20).
      status: 'ISSUED',
      consignor: { name: 'Tegel BV', cityName: 'Utrecht', countryCode: 'NLD', submittedAccountEmailAddress: person.email },
      consignee: { name: 'Fliesen GmbH', cityName: 'Köln', countryCode: 'DEU' },
      placeOfTakingOver: { name: 'Warehouse Utrecht', cityName: 'Utrecht', countryCode: 'NLD' },
      placeOfDelivery: { name: 'Lager Köln', cityName: 'Köln', countryCode: 'DEU' },
      goods: '40 boxes of ceramic tiles',
      establishedPlace: 'Utrecht',
    },
  });
  expect(created.status()).toBe(201);
  const { freightDocumentId } = (await created.json()) as { freightDocumentId: string };
  const document = (await (
    await request.get(`/api/freightdocuments/${freightDocumentId}`, { headers: { Authorization: `Bearer ${token.access_token}` } })
  ).json()) as { serviceNumber: string; verificationUrl: string };

  await test.step('download from the document view', async () => {
    await page.goto('/login');
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/documents/${freightDocumentId}`);
    const actions = page.getByRole('group', { name: 'Consignment note as PDF' });
    await expect(actions).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), actions.getByRole('link', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`CMR-${document.serviceNumber}.pdf`);
    const saved = path.join(SHOTS, 'downloaded.pdf');
    await download.saveAs(saved);
    expect(fs.readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
    await page.screenshot({ path: path.join(SHOTS, 'document-view-actions-1366x900.png') });
  });

  await test.step('print opens the PDF inline in a new tab', async () => {
    const link = page.getByRole('link', { name: 'Print' });
    await expect(link).toHaveAttribute('target', '_blank');
    const response = await page.request.get((await link.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toMatch(/^inline;/);
  });

  await test.step('the verification page needs no account, at every size', async () => {
    const anonymous = await browser.newContext({ locale: 'en-GB' });
    const visitor = await anonymous.newPage();
    for (const [name, size] of SIZES) {
      await visitor.setViewportSize(size);
      await visitor.goto(document.verificationUrl);
      await expect(visitor.getByRole('heading', { level: 1 })).toContainText(document.serviceNumber);
      await expect(visitor.getByTestId('chain-result')).toContainText('Intact');
      await expectAccessible(visitor);
      await visitor.screenshot({ path: path.join(SHOTS, `verify-${name}.png`), fullPage: true });
    }
    await visitor.goto(`/verify/${'0'.repeat(64)}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Document not found' })).toBeVisible();
    await expectAccessible(visitor);
    await visitor.screenshot({ path: path.join(SHOTS, 'verify-not-found-390x844.png') });
    await anonymous.close();
  });

  await test.step('the visits are accesses in the document’s history', async () => {
    await page.reload();
    // One visitor's visits within an hour are one access (issue 20); the header row, and a second hour if one began.
    const rows = page.getByTestId('accesses').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    expect(await rows.count()).toBeLessThanOrEqual(3);
    await page.getByRole('heading', { name: 'Accesses' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'document-view-accesses-1366x900.png') });
    await expectAccessible(page);
  });
});
