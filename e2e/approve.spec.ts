/**
 * Every way in for the counter party (issue 19, item 3): the consignor follows the link in the e-mail that names it,
 * signs in (the sign-in keeps the way back), reads what it confirms and approves the collection on its own account
 * (OWN) in at most three actions. The dashboard's waiting list and the document page lead to the same approval,
 * which also takes a refusal with remarks. Screenshots into test-results/approve/ at 1366×900, 1024×768, 390×844.
 */
import { expect, test, type Page } from './support/test';
import fs from 'node:fs';
import path from 'node:path';
import { mailMatching } from './support/accounts';
import { createClient, type CreatedClient } from './support/admin';
import { laidOut } from './support/layout';
import { signIn } from './support/portal';
import { castOf, expectAccessible, issueWaybill, readDocument, SIZES, type Cast } from './support/tablet';

let client: CreatedClient;
let cast: Cast;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  client = await createClient({ name: 'E2E approve' });
  cast = await castOf(request, client);
});

/** The page at each size (full page) into test-results/approve/, checked by axe at each; back to its own size. */
async function shotsAndAxe(page: Page, name: string) {
  const own = page.viewportSize();
  const dir = path.join('test-results', 'approve');
  fs.mkdirSync(dir, { recursive: true });
  for (const [label, size] of Object.entries(SIZES)) {
    await page.setViewportSize(size);
    await laidOut(page);
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: true });
    await expectAccessible(page);
    await expectLargeTargets(page);
  }
  if (own) await page.setViewportSize(own);
}

/** Every button and link of the approval's own area is at least 44×44 px. */
async function expectLargeTargets(page: Page) {
  const small = await page.locator('main button:visible, main a.button:visible, main textarea:visible').evaluateAll((elements) =>
    elements
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ element, box }) => `${element.tagName} "${element.textContent?.trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
  expect(small).toEqual([]);
}

/** The consignor's own approvals of the collection on record. */
async function consignorApprovals(request: Parameters<typeof readDocument>[0], id: string) {
  const document = await readDocument(request, cast.consignor, id);
  return { document, approvals: (document.approvals as any[]).filter((approval) => approval.action === 'COLLECTION' && approval.role === 'CONSIGNOR') };
}

test('the consignor approves the collection from the e-mail link in at most 3 actions', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN'] });
  const mail = await mailMatching(cast.consignor.email, document.serviceNumber);
  const link = mail.text.match(/https?:\/\/\S+\/documents\/[^/\s]+\/approve/)?.[0];
  expect(link).toBe(`http://127.0.0.1:${process.env.E2E_PORT}/documents/${document.id}/approve`);

  const page = await (await browser.newContext({ viewport: SIZES.desktop })).newPage();
  let actions = 0;
  await test.step('1: open the link; 2: sign in, back at the approval', async () => {
    await page.goto(link!);
    actions += 1;
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
    await signIn(page, cast.consignor.email, cast.consignor.password);
    actions += 1;
    await expect(page).toHaveURL(new RegExp(`/documents/${document.id}/approve$`));
  });

  await test.step('the approval shows what is confirmed', async () => {
    await expect(page.getByRole('heading', { level: 1, name: `Approve the collection of ${document.serviceNumber}` })).toBeVisible();
    await expect(page.getByText(/Your approval is recorded on your account, as consignor\./i)).toBeVisible();
    const parties = page.getByTestId('handover-parties');
    for (const name of ['Tegel BV', 'Warehouse Utrecht', 'Snel Transport', 'Fliesen GmbH', 'Lager Köln-Porz']) await expect(parties).toContainText(name);
    const goods = page.getByTestId('handover-goods');
    await expect(goods).toContainText('Ceramic tiles');
    await expect(goods).toContainText('12 packages');
    await expect(goods).toContainText('480');
    await expect(page.getByRole('heading', { name: 'Vehicles' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reservations and comments on record' })).toBeVisible();
    await shotsAndAxe(page, 'approve');
  });

  await test.step('3: approve (a double tap records once)', async () => {
    await page.getByRole('button', { name: 'Approve collection' }).click({ clickCount: 2 });
    actions += 1;
    const done = page.getByTestId('approve-done');
    await expect(done.getByRole('heading', { name: /^Collection approved at \d{2}:\d{2}/ })).toBeFocused();
    await expect(done).toBeInViewport();
    await expect(done).toContainText('Your approval is recorded. The collection is complete once the carrier has approved it too.');
    await shotsAndAxe(page, 'approved');
    await expect(done).toBeInViewport();
  });
  expect(actions).toBeLessThanOrEqual(3);

  const { approvals } = await consignorApprovals(request, document.id);
  expect(approvals).toHaveLength(1);
  expect(approvals[0]).toMatchObject({ type: 'OWN', declined: false });
  expect(approvals[0].account.accountNumber).toBe(cast.consignor.accountNumber);

  // Afterwards nothing waits for the consignor: the page says so instead of offering a second approval.
  await page.goto(`/documents/${document.id}/approve`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing to approve' })).toBeVisible();
});

test('the dashboard and the document lead to the approval, which takes a refusal with remarks', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN'] });
  const page = await (await browser.newContext({ viewport: SIZES.phone })).newPage();
  await page.goto('/login');
  await signIn(page, cast.consignor.email, cast.consignor.password);
  await expect(page).toHaveURL(/\/$/);

  const waiting = page.getByTestId('dashboard-awaitingMyApproval');
  await expect(waiting.getByRole('link', { name: `Approve collection: ${document.serviceNumber}` })).toBeVisible();
  await waiting
    .getByRole('link', { name: new RegExp(document.serviceNumber) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/documents/${document.id}$`));
  const callout = page.getByTestId('approve-callout');
  await expect(callout).toContainText('The collection is waiting for your approval.');
  await expectAccessible(page);
  fs.mkdirSync(path.join('test-results', 'approve'), { recursive: true });
  await page.screenshot({ path: path.join('test-results', 'approve', 'document-callout-phone.png') });
  await callout.getByRole('link', { name: 'Approve collection' }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${document.id}/approve$`));

  await page.getByRole('button', { name: 'I do not accept this' }).click();
  await page.getByRole('button', { name: 'Record my refusal' }).click();
  const missing = page.locator('#approve-remarks-error');
  await expect(missing).toHaveText('Say why, so that the carrier and the sender know.');
  await expect(missing).toHaveAttribute('role', 'alert');
  await expect(page.getByLabel('Why do you not accept it?')).toHaveAttribute('aria-invalid', 'true');
  await shotsAndAxe(page, 'decline-missing-remarks');
  await page.getByLabel('Why do you not accept it?').fill('Two pallets are broken.');
  await page.getByRole('button', { name: 'Record my refusal' }).click();
  const done = page.getByTestId('approve-done');
  await expect(done.getByRole('heading', { name: /^Refusal recorded at \d{2}:\d{2}/ })).toBeFocused();
  await expect(done).toBeInViewport();
  await shotsAndAxe(page, 'declined');

  const { document: after, approvals } = await consignorApprovals(request, document.id);
  expect(approvals).toEqual([expect.objectContaining({ type: 'OWN', declined: true, remarks: 'Two pallets are broken.' })]);
  expect(after.status).toBe('ISSUED');
});

test('the carrier is not offered the counter party’s approval', async ({ browser, request }) => {
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN'] });
  const page = await (await browser.newContext({ viewport: SIZES.desktop })).newPage();
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/documents/${document.id}`)}`);
  await signIn(page, cast.carrier.email, cast.carrier.password);
  await expect(page.getByTestId('service-number')).toHaveText(document.serviceNumber);
  await expect(page.getByTestId('approve-callout')).toHaveCount(0);
  await page.goto(`/documents/${document.id}/approve`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing to approve' })).toBeVisible();
});

test('the consignor’s approval after the carrier’s completes the collection and says so', async ({ browser, request }) => {
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN'] });
  const heads = (await readDocument(request, cast.carrier, document.id)).previousCommits;
  const carrierApproval = await request.post(`/api/freightdocuments/${document.id}/submitmyapproval`, {
    headers: { Authorization: `Bearer ${cast.carrier.token}` },
    data: { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: heads },
  });
  expect(carrierApproval.status()).toBe(201);
  const page = await (await browser.newContext({ viewport: SIZES.tablet })).newPage();
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/documents/${document.id}/approve`)}`);
  await signIn(page, cast.consignor.email, cast.consignor.password);
  await page.getByRole('button', { name: 'Approve collection' }).click();
  const done = page.getByTestId('approve-done');
  await expect(done).toContainText('Your approval is recorded. The document is now: In transit.');
  await expect(done).toBeInViewport();
  expect((await readDocument(request, cast.consignor, document.id)).status).toBe('TRANSIT');
});

test('a refused approval says why next to the button, announced, and records nothing more', async ({ browser, request }) => {
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN'] });
  const page = await (await browser.newContext({ viewport: SIZES.phone })).newPage();
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/documents/${document.id}/approve`)}`);
  await signIn(page, cast.consignor.email, cast.consignor.password);
  const button = page.getByRole('button', { name: 'Approve collection' });
  await expect(button).toBeVisible();
  // Meanwhile the consignor's client system approved: the page's approval is the second one.
  const heads = (await readDocument(request, cast.consignor, document.id)).previousCommits;
  const first = await request.post(`/api/freightdocuments/${document.id}/submitmyapproval`, {
    headers: { Authorization: `Bearer ${cast.consignor.token}` },
    data: { action: 'COLLECTION', ownRole: 'CONSIGNOR', previousCommits: heads },
  });
  expect(first.status()).toBe(201);
  await button.click();
  const failed = page.getByTestId('approve-failed');
  await expect(failed).toHaveAttribute('role', 'alert');
  await expect(failed).toHaveText(/^Not recorded: .+/);
  await expect(failed).toBeInViewport();
  await expect(button).toBeEnabled();
  const buttonBox = (await button.boundingBox())!;
  const failedBox = (await failed.boundingBox())!;
  expect(buttonBox.y - (failedBox.y + failedBox.height)).toBeLessThan(80);
  await expectAccessible(page);
  await page.screenshot({ path: path.join('test-results', 'approve', 'refused-phone.png') });
  expect((await consignorApprovals(request, document.id)).approvals).toHaveLength(1);
});
