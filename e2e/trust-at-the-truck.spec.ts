/**
 * Issue 31 (trust at the truck) and issue 32 item 4 (offline data ends with the account), at 1024×768 and 390×844 with
 * touch: a shared tablet never sends one driver's queued items as another; queued is never shown as done and a refusal
 * shows full screen; done whichever way and in whatever order, within 3 s; feedback beside the control (bounding boxes);
 * what is on record, and a change of consignee, on every screen; "ready to work offline" is true; the copies and the
 * kit are gone once the session has ended.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from './support/test';
import { challengeCode, contentHash, verhoeff } from '@/lib/domain/tfa';
import { mailMatching } from './support/accounts';
import { createClient, type CreatedClient } from './support/admin';
import { expectAnnouncedAgain, expectFeedbackAtControl, expectNameMissingTwice } from './support/feedback';
import { laidOut } from './support/layout';
import { signIn } from './support/portal';
import { sampleOf, sized } from '../tests/support/sampling';
import { castOf, closeHandoverResult, drawSignature, issueWaybill, person, readDocument, screenshots, SIZES, type Cast, type Person } from './support/tablet';

test.use({ timezoneId: 'UTC', viewport: SIZES.tablet, hasTouch: true });

let client: CreatedClient;
let cast: Cast;
let driverB: Person;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  client = await createClient({ name: 'E2E trust at the truck' });
  cast = await castOf(request, client);
  driverB = await person(request, client, 'driver-b');
});

/**
 * The driver walk-through (docs/tablet-walkthrough.md) shows what this run saw: each named screen, at the size the
 * test runs at, is written into docs/tablet-walkthrough/, then the three sizes into test-results/tablet.
 */
async function walkthrough(page: Page, name: string, options: { phone?: Locator } = {}) {
  // First, as the person sees it now: the three sizes after it change the viewport and with it the scroll position.
  const dir = path.join('docs', 'tablet-walkthrough');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
  // The same screen on a phone (390×844), with what it is about in view: drivers use phones too.
  const own = page.viewportSize();
  if (options.phone && own) {
    await page.setViewportSize(SIZES.phone);
    await laidOut(page);
    await options.phone.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(dir, `${name}-phone.png`) });
    await page.setViewportSize(own);
    await laidOut(page);
  }
  await screenshots(page, `trust-${name}`);
}

async function signInAt(page: Page, who: Person, target: string) {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(target)}`);
  await signIn(page, who.email, who.password);
  await expect(page).toHaveURL(new RegExp(`${target.replace(/\//g, '\\/')}$`));
}

async function rest(request: APIRequestContext, who: Person, path: string, data: unknown) {
  const reply = await request.post(`/api/freightdocuments/${path}`, { headers: { Authorization: `Bearer ${who.token}` }, data });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return reply.json();
}

const heads = async (request: APIRequestContext, id: string) => (await readDocument(request, cast.submitter, id)).previousCommits as string[];

/** The carrier collects over REST (own and implicit counter-party approval): the document is in transit. */
async function collectOverRest(request: APIRequestContext, id: string) {
  await rest(request, cast.carrier, `${id}/submitmyapproval`, { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: await heads(request, id) });
  await rest(request, cast.carrier, `${id}/submitcounterpartyapproval`, { action: 'COLLECTION', previousCommits: await heads(request, id) });
}

const indexedCount = (page: Page, store: string) =>
  page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('fds-tablet');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains(name)) return resolve(0);
          const request = open.result.transaction(name).objectStore(name).count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(-1);
        };
      }),
    store,
  );

test('a shared tablet: driver A’s queued approval and comment are never sent under driver B, and are recorded under A after A signs in again', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
  await signInAt(page, cast.carrier, `/tablet/${document.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();

  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Approve the hand-over' }).click();
  await expect(page.getByTestId('own-queued')).toContainText('Saved on this tablet, not yet confirmed');
  await page.getByLabel('Comment', { exact: true }).fill('Seal 4711 intact');
  await page.getByRole('button', { name: 'Send comment' }).click();
  await expect(page.getByTestId('outbox-badge')).toHaveAttribute('data-count', '2');

  // The network is back for signing out, but the server is out of reach for the tablet's calls: nothing drains.
  await page.route('**/api/trpc/**', (route) => route.abort());
  await page.context().setOffline(false);
  await page.getByTestId('tablet-sign-out').click();
  const dialog = page.getByTestId('sign-out-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('2 changes have not been sent yet');
  await expect(dialog).toBeInViewport();
  await walkthrough(page, 'sign-out-waiting');
  await dialog.getByRole('button', { name: 'Keep them for my next sign-in and sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.unroute('**/api/trpc/**');

  // Driver B on the same browser: works normally, sees a count of A's items and never their content.
  await page.goto('/login?callbackUrl=%2Ftablet');
  await signIn(page, driverB.email, driverB.password);
  await expect(page.getByRole('heading', { level: 1, name: 'My transfers' })).toBeVisible();
  await expect(page.getByTestId('others-waiting')).toHaveText(
    '2 changes of another account wait on this tablet. They are sent when that person signs in here again.',
  );
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0);
  await expect(page.getByText('Seal 4711 intact')).toHaveCount(0);
  await walkthrough(page, 'other-account-waiting');
  // B's session asks the server for B's list (a fact: the list answered); nothing of A's reached the document.
  await expect(page.getByText('Nothing to hand over right now.')).toBeVisible();
  const meanwhile = await readDocument(request, cast.submitter, document.id);
  expect(meanwhile.approvals).toEqual([]);
  expect(meanwhile.comments).toEqual([]);

  // A signs in again: A's items go, under A.
  await page.getByTestId('tablet-sign-out').click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/tablet/${document.id}`)}`);
  await signIn(page, cast.carrier.email, cast.carrier.password);
  await expect(page.getByTestId('own-approved')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0, { timeout: 20_000 });
  const final = await readDocument(request, cast.submitter, document.id);
  expect(final.approvals.map((approval: { account: { accountNumber: string } }) => approval.account.accountNumber)).toEqual([cast.carrier.accountNumber]);
  expect(final.comments.map((comment: { text: string; creatorName: string }) => [comment.text, comment.creatorName])).toEqual([
    ['Seal 4711 intact', cast.carrier.name],
  ]);
});

test('a wrong code typed offline reads “code not yet checked”; back online the refusal is full screen within 10 s and stays beside the document', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN', 'TFA'], delivery: ['SIGN_ON_GLASS'] });
  await signInAt(page, cast.carrier, `/tablet/${document.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();
  await page.context().setOffline(true);
  await page.getByRole('radio', { name: 'Two-factor code' }).check();
  await page.getByLabel('Response code of the counter party').fill('1'.repeat(24) + verhoeff('1'.repeat(24)));
  const confirm = page.getByRole('button', { name: 'Check the code and approve' });
  await confirm.click();
  await expectFeedbackAtControl(page.getByTestId('counter-queued'), confirm);
  await expect(page.getByTestId('counter-queued')).toContainText('Code not yet checked');
  await expect(page.getByTestId('handover-result')).toHaveCount(0);
  await walkthrough(page, 'code-not-yet-checked');

  await page.context().setOffline(false);
  const refusal = page.getByTestId('refusal-alert');
  await expect(refusal).toBeVisible({ timeout: 10_000 });
  await expect(refusal.getByRole('heading', { level: 2 })).toHaveText(`Not accepted: Counter party's approval · document ${document.serviceNumber}`);
  await expect(refusal).toContainText('Ask the counter party for a new response code');
  await expect(refusal.getByRole('heading', { level: 2 })).toBeInViewport();
  await expect(refusal.getByRole('heading', { level: 2 })).toBeFocused();
  await walkthrough(page, 'refusal-full-screen');
  await refusal.getByRole('button', { name: 'Understood' }).click();
  await expect(refusal).toHaveCount(0);
  // Beside the control that made it, where the finger is.
  await expectFeedbackAtControl(page.getByTestId('counter-refused'), confirm);
  await page.goto('/tablet');
  await expect(page.getByTestId('not-sent')).toContainText(`Not accepted: Counter party's approval · document ${document.serviceNumber}`);
  expect((await readDocument(request, cast.submitter, document.id)).approvals).toEqual([]);
});

test('the consignor approves first from the mail’s link, then the driver: “Collection done” full screen; and the other way round within 3 s', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
  const consignor = await (await browser.newContext({ viewport: SIZES.phone, hasTouch: true })).newPage();
  await signInAt(consignor, cast.consignor, `/documents/${document.id}/approve`);
  await consignor.getByRole('button', { name: 'Approve collection' }).click();
  await expect.poll(async () => (await readDocument(request, cast.submitter, document.id)).approvals.length).toBe(1);

  await signInAt(page, cast.carrier, `/tablet/${document.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();
  await page.getByRole('button', { name: 'Approve the hand-over' }).click();
  await expect(page.getByTestId('handover-result')).toContainText(/Collection done at \d{1,2}:\d{2}/);
  await walkthrough(page, 'collection-done');
  await closeHandoverResult(page, /Collection done at \d{1,2}:\d{2}/);

  // Driver first; the consignor approves in the portal while the hand-over screen is open.
  const second = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
  // What the watch costs: the time of each heads request the open screen makes (printed, decision 0037).
  const watchTimes: number[] = [];
  page.on('requestfinished', (finished) => {
    if (finished.url().includes('tablet.handOverHeads')) watchTimes.push(finished.timing().responseEnd);
  });
  await page.goto(`/tablet/${second.id}`);
  await page.getByRole('button', { name: 'Approve the hand-over' }).click();
  await expect(page.getByTestId('own-approved')).toBeVisible();
  await consignor.goto(`/documents/${second.id}/approve`);
  await consignor.getByRole('button', { name: 'Approve collection' }).click();
  await expect.poll(async () => (await readDocument(request, cast.submitter, second.id)).status).toBe('TRANSIT');
  const approvedAt = Date.now();
  // 3 s is the promise; the test allows a loaded 2-core machine a margin and prints the figure.
  await expect(page.getByTestId('handover-result')).toContainText('Collection done', { timeout: 8_000 });
  console.log(`hand-over screen learnt of the portal approval in ${Date.now() - approvedAt} ms (promise: 3,000 ms)`);
  const sorted = [...watchTimes].sort((a, b) => a - b);
  console.log(
    `heads requests while open: ${sorted.length}, median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms`,
  );
  await expect(page.getByTestId('result-document')).toHaveText(`Document ${second.serviceNumber}`);
  await closeHandoverResult(page, 'confirmed on their own account');
  await consignor.context().close();
});

// A layout walk (issue 18's sampling): one size drawn from the seed in `npm test`, both under `npm run test:full`.
for (const size of sampleOf(['tablet', 'phone'] as const, 1, 'trust-feedback-size')) {
  test(`at ${SIZES[size].width}×${SIZES[size].height}: feedback beside the finger on every tablet form, on repeated attempts too`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(SIZES[size]);
    const document = await issueWaybill(request, cast, { collection: ['OWN', 'TFA'], delivery: ['SIGN_ON_GLASS'] });
    await signInAt(page, cast.carrier, `/tablet/${document.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();

    // A reservation without a kind and a text, twice; then a kind without a text.
    const add = page.getByRole('button', { name: 'Add the reservation' });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await add.click();
      await expectFeedbackAtControl(page.getByTestId('reservation-missing'), add);
      await expect(page.getByTestId('reservation-missing')).toContainText('Choose what is wrong first.');
    }
    await page.getByRole('button', { name: 'Shortage' }).click();
    await add.click();
    await expectFeedbackAtControl(page.getByTestId('reservation-missing'), add);
    await expect(page.getByTestId('reservation-missing')).toHaveText('Write what you see: the kind alone is not enough.');
    await page.getByLabel('Describe it').fill('One pallet missing of four');
    await add.click();
    const preview = page.getByTestId('reservation-preview');
    await expect(preview).toContainText('Shortage');
    await expect(preview).toContainText('One pallet missing of four');
    await expect(preview).toBeInViewport();
    if (size === 'tablet') await walkthrough(page, 'reservation-preview');
    await preview.getByRole('button', { name: 'Record the reservation' }).click();
    await expect(page.getByTestId('reservations-step').getByTestId('reservation')).toContainText('One pallet missing of four', { timeout: 15_000 });

    // A wrong code online, twice: the refusal full screen, then beside the button.
    await page.getByRole('radio', { name: 'Two-factor code' }).check();
    const confirm = page.getByRole('button', { name: 'Check the code and approve' });
    for (const digit of ['1', '2']) {
      await page.getByLabel('Response code of the counter party').fill(digit.repeat(24) + verhoeff(digit.repeat(24)));
      await confirm.click();
      const refusal = page.getByTestId('refusal-alert');
      await expect(refusal.getByRole('heading', { level: 2 })).toBeInViewport({ timeout: 10_000 });
      await refusal.getByRole('button', { name: 'Understood' }).click();
      await expectFeedbackAtControl(page.getByTestId('counter-refused'), confirm);
    }
    // A code too short says so under the field, and again (a new alert) when tried again.
    await page.getByLabel('Response code of the counter party').fill('123');
    await confirm.click();
    const tooShort = page.locator('#response-code-error');
    await expectFeedbackAtControl(tooShort, confirm);
    const firstTooShort = await tooShort.elementHandle();
    await confirm.click();
    await expectAnnouncedAgain(tooShort, firstTooShort!);
    await expectFeedbackAtControl(tooShort, confirm);

    // At delivery, a signature on the glass with the signer's name missing, twice: each time the name field comes back
    // into view with its message, announced anew, though the finger tapped the button below the signature box.
    const delivery = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
    await collectOverRest(request, delivery.id);
    await page.goto(`/tablet/${delivery.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Delivery · document ${delivery.serviceNumber}` })).toBeVisible();
    await page.getByRole('button', { name: 'Approve the hand-over' }).click();
    await expect(page.getByTestId('own-approved')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('radio', { name: 'Signature on this screen' }).check();
    await expectNameMissingTwice({
      submit: page.getByRole('button', { name: 'Save signature and approve' }),
      nameField: page.getByLabel('Name of the person signing'),
      message: page.locator('#signer-name-error'),
      text: 'Enter the name of the person signing.',
    });
  });
}

test('the counter party’s phone at 390×844: the code page from the naming mail and the document page, its code above the fold; the hand-over link page’s result above the fold, naming the document and the time', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN', 'TFA'], delivery: ['OWN', 'SIGN_ON_GLASS'] });
  const mail = await mailMatching(cast.consignor.email, document.serviceNumber);
  const respondLink = mail.text.match(/https?:\/\/\S+\/respond(?=\s|$)/)?.[0];
  expect(respondLink).toBe(`http://127.0.0.1:${process.env.E2E_PORT}/respond`);

  const phone = await (await browser.newContext({ viewport: SIZES.phone, hasTouch: true, isMobile: true })).newPage();
  await phone.goto(respondLink!);
  await expect(phone).toHaveURL(/\/login\?callbackUrl=/);
  await signIn(phone, cast.consignor.email, cast.consignor.password);
  await expect(phone).toHaveURL(/\/respond$/);

  // A challenge of no transfer of hers, twice: beside the button each time, announced anew.
  const challengeField = phone.getByLabel('Challenge code from the carrier');
  const get = phone.getByRole('button', { name: 'Get my response code' });
  const wrong = phone.locator('#challenge-error');
  const foreign = '9'.repeat(24);
  await challengeField.fill(foreign + verhoeff(foreign));
  await get.click();
  await expectFeedbackAtControl(wrong, get);
  await expect(wrong).toHaveText('This code belongs to a document you do not take part in.');
  const firstWrong = await wrong.elementHandle();
  await get.click();
  await expectAnnouncedAgain(wrong, firstWrong!);
  await expectFeedbackAtControl(wrong, get);

  // The tablet's challenge (contract §8, from the carrier's secrets): first what it confirms, then the code, each at the
  // top of the phone's screen.
  const secrets = (await readDocument(request, cast.carrier, document.id)).collectionSecrets;
  const challenge = challengeCode({
    contentHash: contentHash([], document.serviceNumber),
    serviceNumber: document.serviceNumber,
    s1: secrets.s1,
    s3: secrets.s3,
  });
  await challengeField.fill(challenge);
  await get.click();
  const check = phone.getByTestId('respond-check');
  const checkTitle = check.getByRole('heading', { level: 2, name: `Check what you confirm: Collection · document ${document.serviceNumber}` });
  await expect(checkTitle).toBeInViewport({ ratio: 1 });
  await expect(checkTitle).toBeFocused();
  await check.getByRole('button', { name: 'It is right: show my response code' }).click();
  const code = phone.getByTestId('response-code');
  await expect(code).toBeInViewport({ ratio: 1 });
  await expect(phone.getByTestId('respond-answer').getByRole('heading', { level: 2, name: 'Your response code' })).toBeInViewport({ ratio: 1 });
  expect(await code.getAttribute('data-code')).toMatch(/^\d{25}$/);
  await walkthrough(phone, 'respond-code');

  // The document page leads there too.
  await phone.goto(`/documents/${document.id}`);
  await expect(phone.getByTestId('respond-callout')).toBeVisible();
  await screenshots(phone, 'trust-document-respond-callout');
  await phone.getByTestId('respond-callout').getByRole('link', { name: 'Get my response code' }).click();
  await expect(phone).toHaveURL(/\/respond$/);
  await phone.context().close();

  // The consignee's phone, without an account, on a hand-over link: a missing name twice, then the result at the top.
  await collectOverRest(request, document.id);
  const link = await rest(request, cast.carrier, `${document.id}/handoverlinks`, { action: 'DELIVERY' });
  const signer = await (await browser.newContext({ viewport: SIZES.phone, hasTouch: true, isMobile: true })).newPage();
  await signer.goto(link.url);
  const confirmAndSign = signer.getByRole('button', { name: 'Confirm and sign' });
  const yourName = signer.getByLabel('Your name');
  await expectNameMissingTwice({ submit: confirmAndSign, nameField: yourName, message: signer.locator('#signer-name-error'), text: 'Type your name.' });
  await yourName.fill('Bea Berger');
  await confirmAndSign.scrollIntoViewIfNeeded();
  await confirmAndSign.click();
  const done = signer.getByTestId('handover-done');
  await expect(done.getByRole('heading', { level: 1, name: 'Confirmed' })).toBeInViewport({ ratio: 1 });
  await expect(done.getByTestId('handover-done-document')).toHaveText(`Delivery of consignment note ${document.serviceNumber}`);
  await expect(done.getByTestId('handover-done-document')).toBeInViewport({ ratio: 1 });
  await expect(done).toContainText(/Your signature is recorded at \d{1,2}:\d{2}/);
  await walkthrough(signer, 'phone-link-done');
  await signer.context().close();
});

test('the delivery step shows what is on record and, after an accepted change of consignee, the new consignee on the tablet and the phone link page', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
  await rest(request, cast.carrier, `${document.id}/comments`, {
    text: 'Two pallets damaged at the corners',
    reservation: { stage: 'TAKING_OVER', kind: 'DAMAGE' },
    previousCommits: await heads(request, document.id),
  });
  await collectOverRest(request, document.id);
  await rest(request, cast.carrier, `${document.id}/impediments`, {
    kind: 'DELIVERY_PREVENTED',
    text: 'Gate closed at Köln-Porz',
    previousCommits: await heads(request, document.id),
  });
  await rest(request, cast.consignor, `${document.id}/instructions`, {
    kind: 'CHANGE_CONSIGNEE',
    text: 'Deliver to our Hamburg branch',
    newConsignee: { name: 'Other GmbH', streetName: 'Hafenstraße', buildingNumber: '7', cityName: 'Hamburg', postalCode: '20457', countryCode: 'DEU' },
    previousCommits: await heads(request, document.id),
  });

  await signInAt(page, cast.carrier, '/tablet');
  const card = page.getByTestId('transfer-card').filter({ hasText: document.serviceNumber });
  await expect(card.getByTestId('instruction-waiting')).toBeVisible();
  await card.getByRole('link').click();
  await expect(page.getByTestId('pending-instructions')).toBeVisible();
  await page
    .getByTestId('pending-instructions')
    .getByRole('button', { name: /Accept/ })
    .first()
    .click();
  await expect(page.getByTestId('pending-instructions')).toHaveCount(0, { timeout: 15_000 });

  const onRecord = page.getByTestId('on-record');
  await expect(onRecord).toContainText('Two pallets damaged at the corners');
  await expect(onRecord).toContainText('Gate closed at Köln-Porz');
  await expect(page.getByTestId('timeline')).toContainText('Reservation at taking over: Damage');
  await expect(page.getByTestId('timeline')).not.toContainText('Comment by');
  const where = page.getByTestId('hand-over-facts');
  await expect(where).toContainText('Other GmbH');
  await expect(where).toContainText('Hafenstraße 7');
  await expect(where).toContainText('Hamburg');
  await expect(page.getByTestId('next-step')).not.toContainText('Lager Köln-Porz');
  await walkthrough(page, 'delivery-on-record');

  const link = await rest(request, cast.carrier, `${document.id}/handoverlinks`, { action: 'DELIVERY' });
  const phone = await (await browser.newContext({ viewport: SIZES.phone, hasTouch: true })).newPage();
  await phone.goto(link.url);
  await expect(phone.getByText('Hafenstraße 7').first()).toBeVisible();
  await expect(phone.getByText(/Hamburg/).first()).toBeVisible();
  await expect(phone.getByText('Lager Köln-Porz')).toHaveCount(0);
  await walkthrough(phone, 'phone-link-new-consignee');
  await phone.context().close();
});

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-nodiag', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

/** The Reservations step as a driver uses it: the kind, a text, what will be recorded, then record. */
async function recordReservation(page: Page, kind: string, text: string) {
  const step = page.getByTestId('reservations-step');
  await step.getByRole('button', { name: kind, exact: true }).click();
  await step.getByLabel('Describe it').fill(text);
  await step.getByRole('button', { name: 'Add the reservation' }).click();
  const preview = step.getByTestId('reservation-preview');
  await expect(preview).toContainText(text);
  await preview.getByRole('button', { name: 'Record the reservation' }).click();
  await expect(step.getByTestId('reservation').filter({ hasText: text })).toBeVisible({ timeout: 15_000 });
}

test('a reservation recorded with a text is withdrawn before the consignor’s approval: shown as withdrawn, left out of acceptedReservations and of box 18', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
  await signInAt(page, cast.carrier, `/tablet/${document.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();
  await recordReservation(page, 'Shortage', 'One pallet short of four');
  await recordReservation(page, 'Damage', 'Corner of one carton crushed');

  // The pallet turns up: the driver withdraws the shortage, after a confirmation that says what happens.
  const step = page.getByTestId('reservations-step');
  const shortage = step.getByTestId('reservation').filter({ hasText: 'One pallet short of four' });
  await shortage.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw this reservation?' });
  await expect(dialog).toContainText('“Shortage: One pallet short of four” stays in the history, marked as withdrawn.');
  await expect(dialog).toBeInViewport({ ratio: 1 });
  await walkthrough(page, 'withdraw-confirm', { phone: dialog });
  await dialog.getByRole('button', { name: 'Withdraw the reservation' }).click();
  const done = shortage.getByTestId('withdraw-done');
  await expect(done).toHaveText('Withdrawn. It stays in the history, left out of the consignment note.', { timeout: 15_000 });
  await expectFeedbackAtControl(done, shortage.locator('.legal-item-title'));
  await expect(shortage.getByTestId('reservation-withdrawn')).toContainText(`Withdrawn by ${cast.carrier.name}`);
  await expect(step.getByTestId('reservation').filter({ hasText: 'Corner of one carton crushed' }).getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await walkthrough(page, 'reservation-withdrawn', { phone: shortage });

  // The driver approves, then the consignor (on its own account): the collection is done.
  await page.getByRole('button', { name: 'Approve the hand-over' }).click();
  await expect(page.getByTestId('own-approved')).toBeVisible({ timeout: 15_000 });
  await rest(request, cast.consignor, `${document.id}/submitmyapproval`, {
    action: 'COLLECTION',
    ownRole: 'CONSIGNOR',
    previousCommits: await heads(request, document.id),
  });
  await closeHandoverResult(page, 'Collection done', { timeout: 10_000 });
  await expect(page.getByTestId('timeline')).toContainText('Reservation withdrawn: Shortage');
  // Once the consignor has answered, the other reservation can no longer be withdrawn.
  await expect(page.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);

  const final = await readDocument(request, cast.submitter, document.id);
  const comment = (text: string) => final.comments.find((candidate: { text: string }) => candidate.text === text);
  expect(comment('One pallet short of four').reservation.withdrawn.by.accountNumber).toBe(cast.carrier.accountNumber);
  const consignor = final.approvals.find((approval: { side: string }) => approval.side === 'COUNTER_PARTY');
  expect(consignor.acceptedReservations).toEqual([comment('Corner of one carton crushed').commentId]);

  const pdf = await request.get(`/api/freightdocuments/${document.id}`, {
    headers: { Authorization: `Bearer ${cast.consignor.token}`, Accept: 'application/pdf', 'Accept-Language': 'en' },
  });
  expect(pdf.status()).toBe(200);
  const text = pdfText(await pdf.body());
  // Box 18 (up to box 19's label) holds the kept reservation, accepted; the withdrawn one is only in the annex.
  const box18 = text.slice(text.indexOf("Carrier's reservations and observations"), text.indexOf('Special agreements'));
  expect(box18).toContain('Damage: Corner of one carton crushed');
  expect(box18).toContain('accepted by');
  expect(box18).not.toContain('One pallet short of four');
  expect(text.split('One pallet short of four')).toHaveLength(2);
  expect(text.indexOf('One pallet short of four')).toBeGreaterThan(text.indexOf('Withdrawn reservations'));
  expect(text).toContain('withdrawn by');
});

test('the counter party’s screen on the tablet accepts what it showed: a reservation added meanwhile is said and shown on “Look again”; one added after that is not accepted', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
  await collectOverRest(request, document.id);
  await signInAt(page, cast.carrier, `/tablet/${document.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Delivery · document ${document.serviceNumber}` })).toBeVisible();
  await page.getByRole('button', { name: 'Approve the hand-over' }).click();
  await expect(page.getByTestId('own-approved')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('radio', { name: 'Signature on this screen' }).check();
  const screen = page.getByTestId('counter-party-screen');
  await expect(screen.getByTestId('accepting-reservations')).toContainText('The carrier recorded no reservations.');
  const nameField = page.getByLabel('Name of the person signing');
  await nameField.fill('Bea Berger');

  // Someone records a reservation from another device while the consignee reads the screen.
  const reserve = async (kind: string, text: string) =>
    rest(request, cast.carrier, `${document.id}/comments`, {
      text,
      reservation: { stage: 'DELIVERY', kind },
      previousCommits: await heads(request, document.id),
    });
  await reserve('DAMAGE', 'Two cartons wet');
  const changed = screen.getByTestId('shown-changed');
  await expect(changed).toContainText('A reservation was recorded after this screen was shown: Damage: Two cartons wet.', { timeout: 10_000 });
  await expectFeedbackAtControl(changed, nameField);
  await walkthrough(page, 'reservation-arrived', { phone: changed });
  await changed.getByRole('button', { name: 'Look again' }).click();
  await expect(changed).toHaveCount(0);
  await expect(screen.getByTestId('accepting-reservation')).toContainText('Two cartons wet');
  // The form starts over on what is shown now.
  await expect(nameField).toHaveValue('');
  await nameField.fill('Bea Berger');

  // A second one arrives; the consignee signs without looking again: the approval accepts only what it showed.
  await reserve('SHORTAGE', 'One carton missing');
  await expect(changed).toContainText('Shortage: One carton missing', { timeout: 10_000 });
  await expectFeedbackAtControl(changed, nameField);
  await drawSignature(page);
  await page.getByRole('button', { name: 'Save signature and approve' }).click();
  const result = page.getByTestId('handover-result');
  await expect(result).toContainText('Delivery done', { timeout: 15_000 });
  const unseen = result.getByTestId('result-unseen');
  await expect(unseen).toHaveText('Not accepted by this approval (recorded after the screen was shown): Shortage: One carton missing.');
  await expectFeedbackAtControl(unseen, result.getByRole('heading', { level: 2 }));
  await walkthrough(page, 'result-not-accepted', { phone: unseen });

  const final = await readDocument(request, cast.submitter, document.id);
  const id = (text: string) => final.comments.find((candidate: { text: string }) => candidate.text === text).commentId;
  const signed = final.approvals.find((approval: { type: string }) => approval.type === 'SIGN_ON_GLASS');
  expect(signed.acceptedReservations).toEqual([id('Two cartons wet')]);
  expect(signed.unseenReservations).toEqual([id('One carton missing')]);
});

/** One fresh browser: sign in, open /tablet, wait for "ready", go offline at once and reload. */
async function readyOfflineRun(browser: Browser, run: number) {
  const context = await browser.newContext({ viewport: SIZES.tablet, hasTouch: true });
  const page = await context.newPage();
  try {
    await page.goto('/login?callbackUrl=%2Ftablet');
    await signIn(page, cast.carrier.email, cast.carrier.password);
    await expect(page.getByTestId('offline-ready')).toHaveText(/^Ready to work offline/, { timeout: 60_000 });
    if (run === 0) await walkthrough(page, 'ready-offline');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('transfer-card').first(), `run ${run}`).toBeVisible({ timeout: 15_000 });
    if (run === 0) await walkthrough(page, 'offline-reloaded');
  } finally {
    await context.close();
  }
}

/** Ten runs catch a race between "ready" and the cache (`npm run test:full`); `npm test` proves the path once. */
const READY_OFFLINE_RUNS = sized(10, 1);

test('“Ready to work offline” is true: fresh runs (10 under test:full) of sign in, wait for it, go offline at once and reload all show the driver’s documents', async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
  for (let run = 0; run < READY_OFFLINE_RUNS; run += 1) await readyOfflineRun(browser, run);
});

test('the offline copy and the code kit are unreadable once the session has ended (issue 32 item 4)', async ({ page, request }) => {
  test.setTimeout(120_000);
  await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
  await signInAt(page, cast.carrier, '/tablet');
  await expect(page.getByTestId('offline-ready')).toHaveText(/^Ready to work offline/, { timeout: 60_000 });
  expect(await indexedCount(page, 'accountCopies')).toBeGreaterThan(0);
  expect(await indexedCount(page, 'kits')).toBe(1);

  // The session ends without the Sign-out button (expired): the next online visit lands on the sign-in page.
  await page.context().clearCookies();
  await page.goto('/tablet');
  // The server sends the visit to sign-in (or the kept screen meets the server's first 401): either way the device's
  // session ends before anyone reads anything.
  await expect(page.getByRole('heading', { name: 'Signed out on this tablet' }).or(page.getByRole('heading', { name: 'Sign in' }))).toBeVisible();
  await expect.poll(() => indexedCount(page, 'accountCopies')).toBe(0);
  expect(await indexedCount(page, 'kits')).toBe(0);

  // Offline, the kept screen opens to "signed out", never to the previous driver's documents.
  await page.context().setOffline(true);
  await page.goto('/tablet');
  await expect(page.getByTestId('signed-out-here')).toBeVisible();
  await expect(page.getByTestId('transfer-card')).toHaveCount(0);
  await walkthrough(page, 'signed-out-offline');
});
