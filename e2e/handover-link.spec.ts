/**
 * Contract §7 hand-over links at the truck (issue 19): the driver's tablet (1024×768, touch) shows a QR code of a
 * one-time link; the consignee, without an account, opens it on a phone (390×844, a second browser context),
 * checks what is handed over and signs with a finger. The document is then DELIVERED with a SIGN_ON_GLASS approval
 * submitted by the carrier's account, the tablet shows "Delivery done" within 2 s without a reload, and the link
 * answers 410 and shows nothing. At collection (no sign-on-glass) the tablet's QR code opens the portal's approval
 * instead: the consignor signs in on the phone and approves on its own account (issue 19 item 4).
 */
import { expect, test, type Page } from './support/test';
import fs from 'node:fs';
import path from 'node:path';
import { createClient, type CreatedClient } from './support/admin';
import { signIn } from './support/portal';
import { castOf, drawSignature, expectAccessible, issueWaybill, readDocument, SIZES, type Person, type Cast } from './support/tablet';

let client: CreatedClient;
let cast: Cast;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  client = await createClient({ name: 'E2E hand-over link' });
  cast = await castOf(request, client);
});

/** A screenshot of the page as it is, into test-results/handover/. */
async function shot(page: Page, name: string) {
  const dir = path.join('test-results', 'handover');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Every button and link of the main area is at least 44×44 px (issue 19, item 6). */
async function expectLargeTargets(page: Page) {
  const small = await page.locator('main button:visible, main a:visible, main input:visible:not([type=radio])').evaluateAll((elements) =>
    elements
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ element, box }) => `${element.tagName} "${element.textContent?.trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
  expect(small).toEqual([]);
}

test('delivery signed on the consignee’s own phone through the tablet’s QR code', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN', 'SIGN_ON_GLASS'] });
  for (const [who, role] of [
    [cast.carrier, 'CARRIER'],
    [cast.consignor, 'CONSIGNOR'],
  ] as const) {
    const heads = (await readDocument(request, who, document.id)).previousCommits;
    const reply = await request.post(`/api/freightdocuments/${document.id}/submitmyapproval`, {
      headers: { Authorization: `Bearer ${who.token}` },
      data: { action: 'COLLECTION', ownRole: role, previousCommits: heads },
    });
    expect(reply.status(), await reply.text()).toBe(201);
  }

  const tablet = await (await browser.newContext({ viewport: SIZES.tablet, hasTouch: true })).newPage();
  let url = '';
  await test.step('the driver approves and shows the QR code', async () => {
    await tablet.goto(`/login?callbackUrl=${encodeURIComponent(`/tablet/${document.id}`)}`);
    await signIn(tablet, cast.carrier.email, cast.carrier.password);
    await expect(tablet.getByRole('heading', { level: 1, name: `Delivery · document ${document.serviceNumber}` })).toBeVisible();
    await tablet.getByRole('button', { name: 'Approve the hand-over' }).click();
    await expect(tablet.getByTestId('own-approved')).toBeVisible();
    // Two choices side by side (issue 34 item 5): the signature on this screen shows no QR code, their own phone does.
    await tablet.getByRole('radio', { name: 'Signature on this screen' }).check();
    await expect(tablet.getByRole('button', { name: 'Show a QR code for their phone' })).toHaveCount(0);
    await expect(tablet.getByTestId('no-sign-on-glass')).toHaveCount(0);
    await tablet.getByRole('radio', { name: 'Signature on their own phone (QR code)' }).check();
    await tablet.getByRole('button', { name: 'Show a QR code for their phone' }).click();
    await expect(tablet.getByTestId('handover-qr')).toBeVisible();
    url = (await tablet.getByTestId('handover-url').textContent())!.trim();
    expect(url).toMatch(/\/handover\/[A-Za-z0-9_-]{43}$/);
    await expect(tablet.getByText('Waiting for the signature on the phone…')).toBeVisible();
    await tablet.getByTestId('handover-qr-panel').scrollIntoViewIfNeeded();
    await expectAccessible(tablet);
    await expectLargeTargets(tablet);
    await shot(tablet, 'tablet-qr-1024');
    await tablet.setViewportSize(SIZES.phone);
    await expectLargeTargets(tablet);
    await shot(tablet, 'tablet-qr-390');
    await tablet.setViewportSize(SIZES.tablet);
  });

  const phone = await (await browser.newContext({ viewport: SIZES.phone, hasTouch: true, isMobile: true })).newPage();
  let confirmedAt = 0;
  await test.step('the consignee, without an account, checks the delivery and signs on the phone', async () => {
    await phone.goto(url);
    await expect(phone.getByRole('heading', { level: 1, name: `Delivery of consignment note ${document.serviceNumber}` })).toBeVisible();
    await expect(phone.getByTestId('handover-parties')).toContainText('Fliesen GmbH');
    await expect(phone.getByTestId('handover-parties')).toContainText('Lager Köln-Porz');
    await expect(phone.getByTestId('handover-goods')).toContainText('Ceramic tiles · 12 packages · 480');
    await expectAccessible(phone);
    await expectLargeTargets(phone);
    await shot(phone, 'phone-handover-390');
    await phone.setViewportSize(SIZES.tablet);
    await shot(phone, 'phone-handover-1024');
    await phone.setViewportSize(SIZES.phone);
    // Nothing is sent without a signature.
    await phone.getByLabel('Your name').fill('Bea Berger');
    await phone.getByRole('button', { name: 'Confirm and sign' }).click();
    await expect(phone.getByText('Sign in the box first.')).toBeVisible();
    await drawSignature(phone);
    // The message goes with the first stroke: it no longer says to sign what is signed.
    await expect(phone.getByText('Sign in the box first.')).toBeHidden();
    await shot(phone, 'phone-signed-390');
    await phone.getByRole('button', { name: 'Confirm and sign' }).click();
    await expect(phone.getByTestId('handover-done')).toContainText('Thank you, Bea Berger.');
    confirmedAt = Date.now();
    // The tablet is watched from the moment the phone confirmed; the phone's own checks come after.
    await expect(tablet.getByTestId('handover-result')).toContainText(/Delivery done at \d{1,2}:\d{2}/, { timeout: 2_000 });
    expect(Date.now() - confirmedAt).toBeLessThan(2_000);
    await expectAccessible(phone);
    await shot(phone, 'phone-done-390');
  });

  await test.step('the tablet shows "Delivery done" within 2 s, without a reload', async () => {
    const result = tablet.getByTestId('handover-result');
    await expect(result).toContainText('Bea Berger signed');
    await expect(result).toContainText('The document is now Delivered.');
    await expectAccessible(tablet);
    await expectLargeTargets(tablet);
    await shot(tablet, 'tablet-done-1024');
    await tablet.setViewportSize(SIZES.phone);
    await shot(tablet, 'tablet-done-390');
  });

  await test.step('the document is DELIVERED with a SIGN_ON_GLASS approval submitted by the carrier; the link answers 410', async () => {
    const delivered = await readDocument(request, cast.carrier, document.id);
    expect(delivered.status).toBe('DELIVERED');
    const signed = delivered.approvals.filter((approval: { type: string }) => approval.type === 'SIGN_ON_GLASS');
    expect(signed).toHaveLength(1);
    expect(signed[0]).toMatchObject({ action: 'DELIVERY', account: null, signedOnGlassBy: { name: 'Bea Berger' } });
    expect(signed[0].submittedBy.accountNumber).toBe(cast.carrier.accountNumber);

    const again = await request.get(url);
    expect(again.status()).toBe(410);
    expect(await again.text()).not.toContain('Fliesen GmbH');
    await phone.reload();
    await expect(phone.getByRole('heading', { level: 1, name: 'This hand-over link has ended' })).toBeVisible();
    await expect(phone.getByText('Fliesen GmbH')).toHaveCount(0);
    await expectAccessible(phone);
    await shot(phone, 'phone-gone-390');
    await phone.setViewportSize(SIZES.tablet);
    await shot(phone, 'phone-gone-1024');
  });
  await phone.context().close();
  await tablet.context().close();
});

test('the consignee refuses on the phone: the refusal and its remarks are recorded, nothing moves, the link ends', async ({ browser, request }) => {
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN', 'SIGN_ON_GLASS'] });
  const call = async (who: Person, endpoint: string, data: Record<string, unknown>) => {
    const previousCommits = (await readDocument(request, who, document.id)).previousCommits;
    const reply = await request.post(`/api/freightdocuments/${document.id}/${endpoint}`, {
      headers: { Authorization: `Bearer ${who.token}` },
      data: { ...data, previousCommits },
    });
    expect(reply.status(), await reply.text()).toBe(201);
    return reply.json();
  };
  await call(cast.carrier, 'submitmyapproval', { action: 'COLLECTION', ownRole: 'CARRIER' });
  await call(cast.consignor, 'submitmyapproval', { action: 'COLLECTION', ownRole: 'CONSIGNOR' });
  const { url } = (await call(cast.carrier, 'handoverlinks', { action: 'DELIVERY' })) as { url: string };

  const phone = await (await browser.newContext({ viewport: SIZES.phone, hasTouch: true, isMobile: true })).newPage();
  await phone.goto(url);
  await phone.getByRole('button', { name: 'I do not accept this' }).click();
  await phone.getByLabel('Your name').fill('Bea Berger');
  await phone.getByRole('button', { name: 'Record my refusal' }).click();
  await expect(phone.getByText('Say why, so that the carrier and the sender know.')).toBeVisible();
  await phone.getByLabel('Why do you not accept it?').fill('Two pallets crushed');
  await expectAccessible(phone);
  await expectLargeTargets(phone);
  await shot(phone, 'phone-decline-390');
  await phone.getByRole('button', { name: 'Record my refusal' }).click();
  await expect(phone.getByTestId('handover-done')).toContainText('Refusal recorded');
  await shot(phone, 'phone-declined-390');

  const after = await readDocument(request, cast.carrier, document.id);
  expect(after.status).toBe('TRANSIT');
  const refusal = after.approvals.find((approval: { type: string }) => approval.type === 'SIGN_ON_GLASS');
  expect(refusal).toMatchObject({ declined: true, remarks: 'Two pallets crushed', signedOnGlassBy: { name: 'Bea Berger' } });
  expect(refusal.submittedBy.accountNumber).toBe(cast.carrier.accountNumber);
  expect((await request.get(url)).status()).toBe(410);
  await phone.context().close();
});

test('the hand-over page speaks the phone’s language', async ({ browser, request }) => {
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN', 'SIGN_ON_GLASS'] });
  for (const [who, role] of [
    [cast.carrier, 'CARRIER'],
    [cast.consignor, 'CONSIGNOR'],
  ] as const) {
    const previousCommits = (await readDocument(request, who, document.id)).previousCommits;
    const reply = await request.post(`/api/freightdocuments/${document.id}/submitmyapproval`, {
      headers: { Authorization: `Bearer ${who.token}` },
      data: { action: 'COLLECTION', ownRole: role, previousCommits },
    });
    expect(reply.status(), await reply.text()).toBe(201);
  }
  const created = await request.post(`/api/freightdocuments/${document.id}/handoverlinks`, {
    headers: { Authorization: `Bearer ${cast.carrier.token}` },
    data: { action: 'DELIVERY' },
  });
  expect(created.status()).toBe(201);
  const context = await browser.newContext({ viewport: SIZES.phone, hasTouch: true, isMobile: true, locale: 'de-DE' });
  const phone = await context.newPage();
  await phone.goto(((await created.json()) as { url: string }).url);
  await expect(phone.getByRole('heading', { level: 1, name: `Zustellung zum Frachtbrief ${document.serviceNumber}` })).toBeVisible();
  await expect(phone.getByTestId('handover-goods')).toContainText('12 Packstücke');
  await expect(phone.getByRole('button', { name: 'Bestätigen und unterschreiben' })).toBeVisible();
  await expectAccessible(phone);
  await shot(phone, 'phone-handover-de-390');
  await context.close();
});

test('collection approved on the consignor’s own phone through the tablet’s QR code, in at most 6 driver actions', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN', 'SIGN_ON_GLASS'] });
  const tablet = await (await browser.newContext({ viewport: SIZES.tablet, hasTouch: true })).newPage();
  let driverActions = 0;
  let url = '';
  await test.step('the driver opens the collection, approves and shows the QR code', async () => {
    await tablet.goto(`/login?callbackUrl=${encodeURIComponent(`/tablet/${document.id}`)}`);
    driverActions += 1;
    await signIn(tablet, cast.carrier.email, cast.carrier.password);
    driverActions += 1;
    await expect(tablet.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();
    // The steps in the order of the task: what is handed over, then the approvals, before plates and comments.
    const steps = await tablet.locator('.hand-over-steps > li h2').allTextContents();
    // (Reservations, issue 22, come before the approvals they are accepted with.)
    expect(steps.filter((step) => ['What is handed over', 'Reservations', 'Approvals', 'License plates'].includes(step))).toEqual([
      'What is handed over',
      'Reservations',
      'Approvals',
      'License plates',
    ]);
    await expect(tablet.getByTestId('hand-over-facts')).toContainText('Warehouse Utrecht');
    await tablet.getByRole('button', { name: 'Approve the hand-over' }).click();
    driverActions += 1;
    await expect(tablet.getByTestId('own-approved')).toBeVisible();
    // No sign-on-glass at collection: the phone's way is the portal approval, offered first.
    await expect(tablet.getByRole('radio', { name: 'On their own phone (QR code)' })).toBeChecked();
    await expect(tablet.getByRole('radio', { name: 'Signature on this screen' })).toHaveCount(0);
    await expect(tablet.getByTestId('no-sign-on-glass')).toHaveText('No signature on a screen here: the service allows signing on a screen at delivery only.');
    await tablet.getByRole('button', { name: 'Show a QR code for their phone' }).click();
    driverActions += 1;
    await expect(tablet.getByTestId('own-qr')).toBeVisible();
    url = (await tablet.getByTestId('own-qr-url').textContent())!.trim();
    expect(url).toBe(`http://127.0.0.1:${process.env.E2E_PORT}/documents/${document.id}/approve`);
    await tablet.getByTestId('own-qr-panel').scrollIntoViewIfNeeded();
    await expectAccessible(tablet);
    await expectLargeTargets(tablet);
    await shot(tablet, 'tablet-own-qr-1024');
    await tablet.setViewportSize(SIZES.phone);
    await expectLargeTargets(tablet);
    await shot(tablet, 'tablet-own-qr-390');
    await tablet.setViewportSize(SIZES.desktop);
    await shot(tablet, 'tablet-own-qr-1366');
    await tablet.setViewportSize(SIZES.tablet);
  });

  const phone = await (await browser.newContext({ viewport: SIZES.phone, hasTouch: true, isMobile: true })).newPage();
  let confirmedAt = 0;
  await test.step('the consignor scans, signs in (back at the approval) and approves on its own account', async () => {
    await phone.goto(url);
    await expect(phone).toHaveURL(/\/login\?callbackUrl=/);
    await signIn(phone, cast.consignor.email, cast.consignor.password);
    await expect(phone).toHaveURL(new RegExp(`/documents/${document.id}/approve$`));
    await expect(phone.getByTestId('handover-goods')).toContainText('Ceramic tiles');
    await shot(phone, 'phone-own-approve-390');
    await phone.getByRole('button', { name: 'Approve collection' }).click();
    await expect(phone.getByTestId('approve-done')).toBeVisible();
    confirmedAt = Date.now();
    await expect(tablet.getByTestId('handover-result')).toContainText(/Collection done at \d{2}:\d{2}/, { timeout: 2_000 });
    const elapsed = Date.now() - confirmedAt;
    expect(elapsed).toBeLessThan(2_000);
    console.log(`collection by QR (own account): ${driverActions} driver actions; tablet showed the result ${elapsed} ms after the phone's confirm`);
  });
  expect(driverActions).toBeLessThanOrEqual(6);

  await test.step('the tablet’s result names who confirmed, and the document is in transit', async () => {
    const result = tablet.getByTestId('handover-result');
    await expect(result).toContainText(`${cast.consignor.name} confirmed on their own account`);
    await expect(result).toContainText('The document is now In transit.');
    await expectAccessible(tablet);
    await shot(tablet, 'tablet-collection-done-1024');
    const after = await readDocument(request, cast.carrier, document.id);
    expect(after.status).toBe('TRANSIT');
    const own = after.approvals.filter((approval: { role: string }) => approval.role === 'CONSIGNOR');
    expect(own).toEqual([expect.objectContaining({ type: 'OWN', action: 'COLLECTION', declined: false })]);
    expect(own[0].account.accountNumber).toBe(cast.consignor.accountNumber);
    // The time is the place's (Utrecht), whatever the tablet's zone (decision 0027).
    const local = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Amsterdam' });
    await expect(result).toContainText(`Collection done at ${local.format(new Date(own[0].createDateTimeServer))}`);
  });
  await phone.context().close();
  await tablet.context().close();
});
