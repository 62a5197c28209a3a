/**
 * The carrier's tablet (issue 9 part 4): a driver takes documents from ISSUED to DELIVERED on the tablet screens,
 * with the counter party's phone page open in a second browser at 390×844; a two-factor exchange whose codes are
 * checked against the ones the contract's functions compute; a signature drawn with the mouse that then shows on
 * the timeline; and writes that survive a dropped network and a lost answer without approving twice.
 */
import { expect, test, type Page } from './support/test';
import { responseCode, verhoeff, type TfaAction } from '@/lib/domain/tfa';
import { createClient, type CreatedClient } from './support/admin';
import { signIn } from './support/portal';
import {
  castOf,
  closeHandoverResult,
  deviceFor,
  drawSignature,
  expectAccessible,
  issueWaybill,
  PHOTO,
  readDocument,
  screenshots,
  showCodeAfterCheck,
  SIZES,
  TABLET_NOW,
  type Person,
  type Cast,
} from './support/tablet';

// "Today" on the tablet is a calendar day: the day of the fixed clock (TABLET_NOW) in this time zone.
test.use({ timezoneId: 'UTC' });

// The last files of the run: their tests, independent of each other (each worker that takes one of them makes its own cast in beforeAll, on its own server), may go to both workers, so
// that the run does not end with one worker busy with a whole file while the other waits (playwright.config.ts runs
// each file on one worker otherwise).
test.describe.configure({ mode: 'parallel' });

let client: CreatedClient;
let cast: Cast;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  client = await createClient({ name: 'E2E tablet' });
  cast = await castOf(request, client);
});

const outboxEntry = (page: Page, kind: string) => page.getByTestId('outbox').getByRole('listitem').filter({ hasText: kind });

/** The counter party on its phone: types the challenge, reads the response; checked against contract §8's functions. */
async function respondOnPhone(phone: Page, who: Person, challenge: string, expected: { action: TfaAction; s2: string }) {
  await phone.getByLabel('Challenge code from the carrier').fill(challenge.replace(/(\d{5})(?=\d)/g, '$1 '));
  await phone.getByRole('button', { name: 'Get my response code' }).click();
  await showCodeAfterCheck(phone);
  const shown = phone.getByTestId('response-code');
  await expect(shown).toBeVisible();
  const code = (await shown.getAttribute('data-code'))!;
  expect(code).toBe(responseCode({ challenge, action: expected.action, accountNumber: who.accountNumber, s2: expected.s2, accountSecret: who.accountSecret }));
  return code;
}

test('at 1024×768: collection by two-factor code with the consignor’s phone, delivery by a signature drawn on glass', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES.tablet);
  // The driver lets the tablet share its position: every approval made on it records where (contract §7 location).
  await page.context().grantPermissions(['geolocation'], { origin: baseURL });
  await page.context().setGeolocation({ latitude: 52.0907374, longitude: 5.1214201, accuracy: 12 });
  const document = await issueWaybill(request, cast, { collection: ['OWN', 'TFA'], delivery: ['OWN', 'TFA', 'SIGN_ON_GLASS'] });
  // The tablet's clock is fixed (timers still run): "Today" is the day of TABLET_NOW whenever the run happens.
  await page.clock.setFixedTime(TABLET_NOW);

  await test.step('my transfers lists the collection under today', async () => {
    await page.goto('/login?callbackUrl=%2Ftablet');
    await signIn(page, cast.carrier.email, cast.carrier.password);
    await expect(page).toHaveURL(/\/tablet$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My transfers' })).toBeVisible();
    const today = page.getByRole('region', { name: /Today/ });
    const card = today.getByTestId('transfer-card').filter({ hasText: document.serviceNumber });
    await expect(card).toContainText(`Collection · document ${document.serviceNumber}`);
    await expect(card).toContainText('Warehouse Utrecht');
    await expect(card).toContainText('Tegel BV');
    await expect(card).toContainText('You: not yet');
    await expectAccessible(page);
    await screenshots(page, 'my-transfers');
    await card.getByRole('link').click();
  });

  await test.step('the hand-over screen shows what is handed over', async () => {
    await expect(page.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();
    await expect(page.getByTestId('goods-totals')).toHaveText('Total: 16 packages · 580 kilogram');
    await expect(page.getByTestId('document-status')).toHaveText('Issued');
    await expect(page.getByTestId('device-location')).toHaveText('Location 52.090737, 5.121420 (within 12 m) is recorded with each approval.');
    await expectAccessible(page);
    await screenshots(page, 'hand-over');
  });

  await test.step('license plates and a comment with a photo', async () => {
    await page.getByLabel('License plate', { exact: true }).fill('BX-512-K');
    await page.getByLabel('Country (3 letters) (optional)').fill('nld');
    // Shown as it will be saved: a country code in capitals.
    await expect(page.getByLabel('Country (3 letters) (optional)')).toHaveValue('NLD');
    await page.getByRole('button', { name: 'Save license plates' }).click();
    await expect(outboxEntry(page, 'License plates')).toHaveAttribute('data-state', 'sent');
    await page.getByLabel('Comment', { exact: true }).fill('Two pallets wrapped again');
    await page.getByLabel('Photo (camera)').setInputFiles({ name: 'pallets.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(page.getByRole('img', { name: 'The photo to send' })).toBeVisible();
    await page.getByRole('button', { name: 'Send comment' }).click();
    await expect(outboxEntry(page, 'Comment')).toHaveAttribute('data-state', 'sent');
    await expect(page.getByTestId('timeline')).toContainText('Two pallets wrapped again');
    await expect(page.getByRole('img', { name: 'Photo of the comment' })).toBeVisible();
  });

  await test.step('the driver approves on its own account', async () => {
    await page.getByRole('button', { name: 'Approve the hand-over' }).click();
    await expect(page.getByTestId('own-approved')).toHaveText(/You have approved/);
  });

  await test.step('the consignor answers the challenge on its phone at 390×844', async () => {
    await page.getByRole('radio', { name: 'Two-factor code' }).check();
    const challenge = (await page.getByTestId('challenge-code').getAttribute('data-code'))!;
    expect(challenge).toMatch(/^\d{25}$/);
    await screenshots(page, 'hand-over-tfa');

    const phone = await deviceFor(browser, cast.consignor, SIZES.phone, '/respond');
    await expectAccessible(phone);
    const s2 = (await readDocument(request, cast.consignor, document.id)).collectionSecrets.s2;
    const code = await respondOnPhone(phone, cast.consignor, challenge, { action: 'COLLECTION', s2 });
    await expectAccessible(phone);
    await screenshots(phone, 'respond');
    await phone.context().close();

    await page.getByLabel('Response code of the counter party').fill(code);
    await page.getByRole('button', { name: 'Check the code and approve' }).click();
    await closeHandoverResult(page, /Collection done at \d{1,2}:\d{2}.*confirmed with a two-factor code/, { screenshot: 'hand-over-result-code' });
    await expect(page.getByTestId('document-status')).toHaveText('In transit');
  });

  await test.step('at delivery the consignee signs on the glass, drawn with the mouse', async () => {
    await expect(page.getByRole('heading', { level: 1, name: `Delivery · document ${document.serviceNumber}` })).toBeVisible();
    await page.getByRole('button', { name: 'Approve the hand-over' }).click();
    await expect(page.getByTestId('own-approved')).toBeVisible();
    await page.getByRole('radio', { name: 'Signature on this screen' }).check();
    // No name yet: the field says so, announced, where the driver looks.
    await page.getByRole('button', { name: 'Save signature and approve' }).click();
    const nameMissing = page.locator('#signer-name-error');
    await expect(nameMissing).toHaveText('Enter the name of the person signing.');
    await expect(nameMissing).toHaveRole('alert');
    await expect(nameMissing).toBeInViewport();
    await page.getByLabel('Name of the person signing').fill('Bea Berger');
    await expect(nameMissing).toBeHidden();
    await expect(page.getByTestId('signature-canvas')).toBeVisible();
    await screenshots(page, 'hand-over-signature');
    // An empty box is refused with a word on what to do; nothing is sent.
    await page.getByRole('button', { name: 'Save signature and approve' }).click();
    await expect(page.getByText('The box is empty: ask the person to sign.')).toBeVisible();
    await drawSignature(page);
    await page.getByRole('button', { name: 'Save signature and approve' }).click();
    await closeHandoverResult(page, /Delivery done at \d{1,2}:\d{2}.*Bea Berger signed/);
    await expect(page.getByTestId('document-status')).toHaveText('Delivered');
    await expect(page.getByTestId('nothing-open')).toBeVisible();
  });

  await test.step('the signature shows on the timeline, on the tablet and in the consignee’s portal', async () => {
    const signature = page.getByRole('img', { name: 'Signature of Bea Berger' });
    await expect(signature).toBeVisible();
    expect(await signature.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);
    const timeline = page.getByTestId('timeline');
    await expect(timeline).toContainText('Collection: approved (two-factor code)');
    await expect(timeline).toContainText('Delivery: approved (signature on glass)');
    await expect(timeline).toContainText('Status: Delivered');
    // The tablet's zone is UTC; a hand-over's time is its place's (Utrecht, Köln), as on the hand-over's result.
    await expect(timeline.locator('.timeline-approval').first()).toContainText(/\d{2}:\d{2} CES?T/);
    await expect(timeline.locator('.timeline-status').last()).toContainText(/Delivered .*\d{2}:\d{2} CES?T/);
    await expectAccessible(page);
    await screenshots(page, 'hand-over-delivered');

    const portal = await deviceFor(browser, cast.consignee, SIZES.desktop, `/documents/${document.id}`);
    await expect(portal.getByRole('img', { name: 'Signature of Bea Berger' })).toBeVisible();
    await expectAccessible(portal);
    await screenshots(portal, 'portal-timeline');
    await portal.context().close();
  });

  const final = await readDocument(request, cast.submitter, document.id);
  expect(final.status).toBe('DELIVERED');
  expect(final.approvals.map((approval: { action: string; type: string }) => `${approval.action} ${approval.type}`).sort()).toEqual([
    'COLLECTION OWN',
    'COLLECTION TFA',
    'DELIVERY OWN',
    'DELIVERY SIGN_ON_GLASS',
  ]);
  for (const approval of final.approvals) expect(approval.location).toEqual({ latitude: '52.090737', longitude: '5.121420' });
  expect(final.licensePlates).toEqual([expect.objectContaining({ licensePlate: 'BX-512-K', countryCode: 'NLD', type: 'TRUCK' })]);
});

test('at 390×844: approvals survive a dropped network and a lost answer, once each; delivery by TFA', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES.phone);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN', 'TFA'] });
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/tablet/${document.id}`)}`);
  await signIn(page, cast.carrier.email, cast.carrier.password);
  await expect(page.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();

  await test.step('offline: the approval waits for the network, then is sent by itself', async () => {
    await expect(page.getByTestId('device-location')).toHaveText('No location: approvals are recorded without it.');
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Approve the hand-over' }).click();
    const entry = outboxEntry(page, 'Your approval');
    await expect(entry).toHaveAttribute('data-state', 'waiting');
    await expect(entry).toContainText('waiting for the network');
    await expectAccessible(page);
    await screenshots(page, 'outbox-waiting');
    await page.context().setOffline(false);
    await expect(entry).toHaveAttribute('data-state', 'sent', { timeout: 15_000 });
    await expect(page.getByTestId('own-approved')).toBeVisible();
  });

  await test.step('the counter party approves implicitly', async () => {
    await page.getByRole('radio', { name: 'Without evidence (implicit)' }).check();
    await page.getByRole('button', { name: 'Record implicit approval' }).click();
    // The approval that completes the collection gives the full-screen result (issue 31), without a word of a signature.
    await closeHandoverResult(page, /Collection done at \d{1,2}:\d{2}.*approval recorded without evidence \(implicit\)/);
    await expect(page.getByTestId('document-status')).toHaveText('In transit');
  });

  await test.step('the answer to the delivery approval is lost; the retry with the same key is answered from the first', async () => {
    await expect(page.getByRole('heading', { level: 1, name: `Delivery · document ${document.serviceNumber}` })).toBeVisible();
    const keys: string[] = [];
    let dropped = false;
    await page.route('**/api/trpc/tablet.approveOwn**', async (route) => {
      // The same key and body each time; only `secondsSinceCreation` grows (contract §6, left out of §13's comparison).
      keys.push(JSON.stringify(route.request().postDataJSON(), (name, value: unknown) => (name === 'secondsSinceCreation' ? undefined : value)));
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch(); // the server approves…
      return route.abort('connectionreset'); // …and the tablet never hears of it
    });
    await page.getByRole('button', { name: 'Approve the hand-over' }).click();
    await expect(outboxEntry(page, 'Your approval').last()).toHaveAttribute('data-state', 'sent', { timeout: 15_000 });
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    await page.unroute('**/api/trpc/tablet.approveOwn**');
  });

  await test.step('delivery by two-factor code from the consignee’s phone', async () => {
    await page.getByRole('radio', { name: 'Two-factor code' }).check();
    const challenge = (await page.getByTestId('challenge-code').getAttribute('data-code'))!;
    const phone = await deviceFor(browser, cast.consignee, SIZES.phone, '/respond');
    const s2 = (await readDocument(request, cast.consignee, document.id)).deliverySecrets.s2;
    const code = await respondOnPhone(phone, cast.consignee, challenge, { action: 'DELIVERY', s2 });
    await phone.context().close();
    // A mistyped code is refused with what to do, and what was typed stays to be corrected.
    const wrong = `${code.slice(0, 5)}${code.slice(5, 13) === '00000000' ? '00000001' : '00000000'}${code.slice(13)}`;
    await page.getByLabel('Response code of the counter party').fill(wrong);
    await page.getByRole('button', { name: 'Check the code and approve' }).click();
    // The refusal full screen first (issue 31 item 2), what to do included; then it stays beside the document.
    const refusal = page.getByTestId('refusal-alert');
    await expect(refusal).toContainText('Ask the counter party for a new response code');
    await refusal.getByRole('button', { name: 'Understood' }).click();
    const refused = outboxEntry(page, "Counter party's approval").last();
    await expect(refused).toHaveAttribute('data-state', 'failed');
    await expect(refused).toContainText('The response code does not match this hand-over.');
    // The code stays as typed, grouped five by five for reading it back.
    await expect(page.getByLabel('Response code of the counter party')).toHaveValue(wrong.replace(/(\d{5})(?=\d)/g, '$1 '));
    await refused.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Response code of the counter party').fill(code);
    await page.getByRole('button', { name: 'Check the code and approve' }).click();
    await closeHandoverResult(page, 'confirmed with a two-factor code');
    await expect(page.getByTestId('document-status')).toHaveText('Delivered');
  });

  const final = await readDocument(request, cast.submitter, document.id);
  expect(final.status).toBe('DELIVERED');
  expect(
    final.approvals.map((approval: { action: string; type: string; side: string }) => `${approval.action} ${approval.side} ${approval.type}`).sort(),
  ).toEqual(['COLLECTION CARRIER OWN', 'COLLECTION COUNTER_PARTY IMPLICIT', 'DELIVERY CARRIER OWN', 'DELIVERY COUNTER_PARTY TFA']);
  // This tablet never shared its position: the approvals went without one, and nothing waited for it.
  for (const approval of final.approvals) expect(approval.location).toBeNull();
});

test('a wrong challenge on the phone page says what to fix', async ({ browser }) => {
  const phone = await deviceFor(browser, cast.consignee, SIZES.phone, '/respond');
  // A code too short says how far it is before anything is checked; pasted with spaces, it is grouped 5×5.
  await phone.getByLabel('Challenge code from the carrier').fill('12345 12345');
  await expect(phone.getByLabel('Challenge code from the carrier')).toHaveValue('12345 12345');
  await expect(phone.getByText('10 of 25 digits', { exact: true })).toBeVisible();
  await phone.getByRole('button', { name: 'Get my response code' }).click();
  await expect(phone.getByText('10 of 25 digits: type the whole code first.')).toBeVisible();
  // 25 digits whose check digit is wrong: no challenge at all.
  await phone.getByLabel('Challenge code from the carrier').fill('1234512345123451234512345');
  await expect(phone.getByLabel('Challenge code from the carrier')).toHaveValue('12345 12345 12345 12345 12345');
  // The whole code shows at 390 px: nothing scrolled out of the field.
  expect(await phone.getByLabel('Challenge code from the carrier').evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
  await phone.getByRole('button', { name: 'Get my response code' }).click();
  await expect(phone.getByText(/not a challenge of a hand-over of yours/)).toBeVisible();
  // A well-formed challenge (its check digit right) of a document this person does not take part in.
  const foreign = '9'.repeat(24);
  await phone.getByLabel('Challenge code from the carrier').fill(foreign + verhoeff(foreign));
  await phone.getByRole('button', { name: 'Get my response code' }).click();
  await expect(phone.getByText('This code belongs to a document you do not take part in.')).toBeVisible();
  await expectAccessible(phone);
  await phone.context().close();
});

test('the tablet and the phone page speak the reader’s language', async ({ browser, request }) => {
  const document = await issueWaybill(request, cast, { collection: ['OWN', 'TFA'], delivery: ['OWN'] });
  const context = await browser.newContext({ viewport: SIZES.tablet, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/login?callbackUrl=%2Ftablet');
  // The sign-in form in German, found by its fields rather than by words.
  await page.locator('#login-username').fill(cast.carrier.email);
  await page.locator('#login-password').fill(cast.carrier.password);
  await page.locator('form:has(#login-username) button[type="submit"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Übergaben' })).toBeVisible();
  await expect(page.getByTestId('transfer-card').filter({ hasText: document.serviceNumber })).toContainText(`Übernahme · Dokument ${document.serviceNumber}`);
  await page.goto(`/tablet/${document.id}`);
  await expect(page.getByRole('button', { name: 'Übergabe bestätigen' })).toBeVisible();
  // Collection without sign-on-glass: the consignor's own phone (QR code) is offered first, the code next.
  await expect(page.getByRole('radio', { name: 'Auf dem eigenen Telefon (QR-Code)' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Zwei-Faktor-Code' })).toBeVisible();
  await page.goto('/respond');
  await expect(page.getByRole('heading', { level: 1, name: 'Code der Gegenpartei' })).toBeVisible();
  expect(await page.content()).not.toContain('[[i18n');
  await context.close();
});
