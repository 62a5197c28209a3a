import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';
import { GUIDES } from '../src/lib/guides/guides';
import { FULL, sampleOf, TEST_SEED } from '../tests/support/sampling';

/**
 * The API reference (issue 11): /docs/api shows every operation of /api/openapi.json, rendered by this server (every
 * request stays on its origin: it works without internet), and the error-code table of the
 * catalogue; accessible at phone, tablet and desktop sizes, with no CSP violation.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'desktop', width: 1366, height: 900 },
];
/**
 * axe over the reference's 49 operations and field tables takes ~10 s per size here: `npm test` checks one size drawn
 * from the run's seed (another from run to run), `npm run test:full` all three (issue 18's sampling).
 */
const AXE_SIZES = FULL ? SIZES : [SIZES[TEST_SEED % SIZES.length]!];

test('the API reference shows every operation and the error codes, offline, accessible (sizes sampled, all three under test:full)', async ({
  page,
  request,
  baseURL,
}) => {
  // 49 operations with field tables, checked by axe at three sizes: over one page's budget on a shared machine.
  test.setTimeout(180_000);
  const document = await (await request.get('/api/openapi.json')).json();
  const operations = Object.values(document.paths as Record<string, Record<string, unknown>>).reduce((count, item) => count + Object.keys(item).length, 0);
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  const violations: string[] = [];
  page.on('request', (outgoing) => {
    if (!outgoing.url().startsWith(origin) && !outgoing.url().startsWith('data:')) foreign.push(outgoing.url());
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply)/i.test(message.text())) violations.push(message.text());
  });

  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(page.locator('section[aria-labelledby^="tag-"] details.api-docs-operation')).toHaveCount(operations);
  await expect(page.getByText('GET /freightdocuments/{id}', { exact: false }).first()).toBeVisible();
  const table = page.getByRole('table', { name: 'Error codes with their HTTP status, meaning, cause and what to do' });
  await expect(table.getByRole('row', { name: /4\.47 404 Freight document not found/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /2\.6 406, 415/ })).toBeVisible();
  // Issue 35: each code with its cause and remedy, the webhooks the service sends, and the shared schemas' tables.
  await expect(table.getByRole('row', { name: /3\.11 400 Invalid country code\. .*alpha-3.*NLD/ })).toBeVisible();
  const webhook = page.locator('details[id="webhook-freightDocumentChanged"]');
  await webhook.locator('summary').click();
  await expect(webhook).toContainText('v1,C7BxNEO+8Xy+6u6sVFmuUu2fD5pkrdUrz7/28J4AxRc=');
  await expect(webhook.getByRole('table', { name: /Fields of the request body/ })).toContainText('freightDocumentId');
  const schema = page.locator('details[id="schema-FreightDocument"]');
  await schema.locator('summary').click();
  await expect(schema.getByRole('row', { name: /custody\.roleId/ })).toBeVisible();

  // One operation opened shows its example request and answer.
  const create = page.locator('details[id="post-/freightdocuments"]');
  await create.locator('summary').click();
  await expect(create.getByRole('region', { name: 'Example request: POST /freightdocuments' })).toContainText('WAYBILL');
  await expect(create.getByRole('region', { name: 'Example 201 application/json: POST /freightdocuments' })).toContainText('freightDocumentId');
  await expect(create.getByRole('region', { name: 'TypeScript (openapi-fetch): POST /freightdocuments' })).toContainText("fds.POST('/freightdocuments'");
  await expect(create.getByRole('region', { name: 'curl: POST /freightdocuments' })).toContainText('$FDS_API/freightdocuments');
  await expect(create.getByRole('region', { name: 'Python (requests): POST /freightdocuments' })).toContainText('requests.post(');
  await expect(create.getByRole('table', { name: 'Fields of the answer 201: POST /freightdocuments' })).toContainText('freightDocumentId');
  // The eFTI gate's follow-up: the gate's own credentials, its text sent as text; an attachment's download resumes (206).
  const followUp = page.locator('details[id="post-/v0/consignments/{datasetId}/follow-up"]');
  await followUp.locator('summary').click();
  await expect(followUp.getByText('eFTI gate credentials (Basic, or the gate’s certificate)')).toBeVisible();
  const followUpCurl = followUp.getByRole('region', { name: 'curl: POST /v0/consignments/{datasetId}/follow-up' });
  await expect(followUpCurl).toContainText('-u "$EFTI_INBOUND_USERNAME:$EFTI_INBOUND_PASSWORD"');
  await expect(followUpCurl).toContainText("--data-binary 'Roadside check");
  await expect(followUpCurl).not.toContainText('Idempotency-Key');
  const content = page.locator('details[id="get-/attachment/{id}/content"]');
  await content.locator('summary').click();
  await expect(content.getByRole('listitem').filter({ hasText: /^If-None-Match \(header\)/ })).toBeVisible();
  await expect(content.getByRole('term').filter({ hasText: '206' })).toBeVisible();
  const read = page.locator('details[id="get-/freightdocuments/{id}"]');
  await read.locator('summary').click();
  await read.getByRole('link', { name: 'FreightDocument' }).click();
  await expect(page).toHaveURL(/#schema-FreightDocument$/);

  fs.mkdirSync('test-results/apidocs', { recursive: true });
  for (const size of AXE_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: `test-results/apidocs/api-docs-${size.name}.png` });
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      size.name,
    ).toEqual([]);
  }
  await page.locator('#error-codes').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/apidocs/api-docs-error-codes.png' });
  // The opened operation (fields, samples, answer fields) and the webhook, as a reader sees them.
  await create.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/apidocs/api-docs-operation.png' });
  await create.getByRole('region', { name: 'TypeScript (openapi-fetch): POST /freightdocuments' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/apidocs/api-docs-samples.png' });
  await webhook.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/apidocs/api-docs-webhook.png' });
  await followUp.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/apidocs/api-docs-efti-follow-up.png' });
  await content.getByRole('term').filter({ hasText: '206' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/apidocs/api-docs-attachment-content.png' });
  expect(foreign).toEqual([]);
  expect(violations).toEqual([]);
});

/**
 * Issue 23: the guides beside the reference. /docs/api links to each; each renders its Markdown (tables, code blocks
 * holding the example files, links between guides served as /docs/guides/<slug>), accessible at three sizes.
 */
test('the guides are linked from the reference and render accessibly (sizes sampled, all three under test:full)', async ({ page }) => {
  // Eleven guides (GUIDES), each checked by axe: longer than one page's budget on a shared machine.
  test.setTimeout(210_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply)/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/docs/api');
  const guides = page.getByRole('region', { name: 'Guides' }).getByRole('link');
  await expect(guides).toHaveCount(GUIDES.length);
  const hrefs = await guides.evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  expect(hrefs).toContain('/docs/guides/two-factor-codes');

  await guides.filter({ hasText: 'Two-factor approval codes' }).click();
  await expect(page).toHaveURL(/\/docs\/guides\/two-factor-codes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor approval codes' })).toBeVisible();
  await expect(page.locator('code', { hasText: 'def response(challenge_code' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '6327901234567009914168682', exact: false }).first()).toBeVisible();
  // A link between guides, written for the code host as ./getting-started.md, leads to the served guide.
  await page.getByRole('link', { name: 'getting started' }).first().click();
  await expect(page).toHaveURL(/\/docs\/guides\/getting-started$/);

  fs.mkdirSync('test-results/apidocs', { recursive: true });
  // Every guide renders; axe checks the two-factor guide and, of the others (they share its styles), two drawn from the
  // run's seed under `npm test` and every one under `npm run test:full` (~5 s of axe per guide on a shared machine).
  const twoFactor = (href: string) => href.endsWith('/two-factor-codes');
  const others = hrefs.filter((href) => !twoFactor(href));
  const axeChecked = new Set(sampleOf(others, 2, 'api-docs-guides'));
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The two-factor guide has every kind of element (tables, lists, long code) and is checked at every size; the
    // others share its styles and are checked at the phone's, where overflow shows first (keeps npm test lean).
    for (const size of twoFactor(href) ? AXE_SIZES : SIZES.filter(({ name }) => name === 'phone')) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.screenshot({ path: `test-results/apidocs/guide-${href.split('/').pop()}-${size.name}.png` });
      if (!twoFactor(href) && !axeChecked.has(href)) continue;
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
        `${href} ${size.name}`,
      ).toEqual([]);
    }
  }
  expect(violations).toEqual([]);
});
