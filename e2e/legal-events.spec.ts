/**
 * The CMR's legal events on the screens (contract §14, issue 22): a packaging reservation with a photo recorded on the
 * tablet at collection, shown to the consignor on its phone before it gives its code, accepted by it and printed in
 * box 18 and on the sender's receipt; an instruction of the right of disposal given in the portal and accepted by the
 * driver on the tablet; and the consignee's reservation after delivery with the time left in its window.
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from './support/test';
import { createClient, type CreatedClient } from './support/admin';
import { expectImpedimentAndCashStored, fillCashCollected, fillImpediment } from './support/legal';
import { signIn } from './support/portal';
import {
  castOf,
  closeHandoverResult,
  deviceFor,
  expectAccessible,
  issueWaybill,
  moveTo,
  PHOTO,
  readDocument,
  screenshots,
  showCodeAfterCheck,
  SIZES,
  type Cast,
} from './support/tablet';

test.use({ timezoneId: 'UTC' });

let client: CreatedClient;
let cast: Cast;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  client = await createClient({ name: 'E2E legal events' });
  cast = await castOf(request, client);
});

const outboxEntry = (page: Page, kind: string) => page.getByTestId('outbox').getByRole('listitem').filter({ hasText: kind });

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-nodiag', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

test('at 1024×768: a packaging reservation with a photo at collection, shown on the consignor’s phone and accepted by its code', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES.tablet);
  const document = await issueWaybill(request, cast, { collection: ['OWN', 'TFA'], delivery: ['OWN'] });
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/tablet/${document.id}`)}`);
  await signIn(page, cast.carrier.email, cast.carrier.password);
  await expect(page.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();

  await test.step('the driver records the reservation in the Reservations step, before the approval', async () => {
    const step = page.getByTestId('reservations-step');
    await expect(step.getByRole('heading', { name: 'Reservations' })).toBeVisible();
    await step.getByRole('button', { name: 'Add the reservation' }).click();
    // Beside the button, announced; the kind's own line says it too.
    await expect(step.getByTestId('reservation-missing')).toContainText('Choose what is wrong first.');
    await expect(step.locator('#reservation-kind-error')).toHaveText('Choose what is wrong first.');
    await step.getByRole('button', { name: 'Packaging' }).click();
    await expect(step.getByRole('button', { name: 'Packaging' })).toHaveAttribute('aria-pressed', 'true');
    await step.getByRole('checkbox', { name: /Ceramic tiles/ }).check();
    await step.getByLabel('Describe it').fill('Two cartons crushed at one corner');
    await step.getByLabel('Photo').setInputFiles({ name: 'cartons.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(step.getByRole('img', { name: 'The photo to send' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'legal-reservation-step');
    await step.getByRole('button', { name: 'Add the reservation' }).click();
    // What will be recorded is shown first (issue 31 item 5), then recorded.
    const preview = step.getByTestId('reservation-preview');
    await expect(preview).toContainText('Two cartons crushed at one corner');
    await preview.getByRole('button', { name: 'Record the reservation' }).click();
    await expect(outboxEntry(page, 'Comment')).toHaveAttribute('data-state', 'sent');
    const recorded = step.getByTestId('reservation');
    await expect(recorded).toContainText('Packaging');
    await expect(recorded).toContainText('Two cartons crushed at one corner');
    await expect(recorded).toContainText('Goods lines: Ceramic tiles');
    await expect(recorded).toContainText('1 photo');
    await expect(recorded).toContainText('Not accepted yet');
  });

  await test.step('the driver approves; the step’s form closes (box 18 is written before the carrier signs), the withdrawal stays open', async () => {
    await page.getByRole('button', { name: 'Approve the hand-over' }).click();
    await expect(page.getByTestId('own-approved')).toBeVisible();
    const step = page.getByTestId('reservations-step');
    await expect(step.getByRole('button', { name: 'Add the reservation' })).toHaveCount(0);
    // Its author may still withdraw it until the consignor answers (contract §14).
    await expect(step.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  });

  await test.step('the consignor reads the reservation on its phone, in its language, and gives the code', async () => {
    await page.getByRole('radio', { name: 'Two-factor code' }).check();
    const challenge = (await page.getByTestId('challenge-code').getAttribute('data-code'))!;
    const phone = await deviceFor(browser, cast.consignor, SIZES.phone, '/respond');
    // A fill before the page has hydrated can be lost under load: type again until the answer shows.
    await expect(async () => {
      await phone.getByLabel('Challenge code from the carrier').fill(challenge);
      await phone.getByRole('button', { name: 'Get my response code' }).click();
      await showCodeAfterCheck(phone, 3_000);
      await expect(phone.getByTestId('response-code')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    const accepting = phone.getByTestId('accepting-reservations');
    await expect(accepting).toContainText('Reservations you accept by confirming');
    await expect(accepting.getByTestId('accepting-reservation')).toContainText('Packaging');
    await expect(accepting.getByTestId('accepting-reservation')).toContainText('Two cartons crushed at one corner');
    await expect(accepting.getByTestId('accepting-reservation')).toContainText('Goods lines: Ceramic tiles');
    await expectAccessible(phone);
    await screenshots(phone, 'legal-respond-reservations');
    const code = (await phone.getByTestId('response-code').getAttribute('data-code'))!;
    await phone.context().close();
    await page.getByLabel('Response code of the counter party').fill(code);
    await page.getByRole('button', { name: 'Check the code and approve' }).click();
    await closeHandoverResult(page, 'confirmed with a two-factor code');
    await expect(page.getByTestId('document-status')).toHaveText('In transit');
    // Accepted by the consignor: no longer withdrawable (the screen is on the delivery now).
    await expect(page.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  });

  await test.step('the consignor’s portal shows it accepted; the PDF prints it in box 18 and the receipt downloads', async () => {
    const portal = await deviceFor(browser, cast.consignor, SIZES.desktop, `/documents/${document.id}`);
    const reservation = portal.getByTestId('legal-events').getByTestId('reservation');
    await expect(reservation).toContainText('Packaging');
    await expect(reservation.getByTestId('reservation-accepted')).toContainText('Accepted by');
    await expectAccessible(portal);
    await screenshots(portal, 'legal-portal-accepted');
    const receipt = await portal.request.get(`/documents/${document.id}/receipt`);
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()['content-type']).toBe('application/pdf');
    const receiptText = pdfText(await receipt.body());
    expect(receiptText).toContain('Receipt for the sender');
    expect(receiptText).toContain('Packaging: Two cartons crushed at one corner');
    expect(receiptText).toMatch(/– accepted \(CONSIGNOR/);
    await portal.context().close();

    const pdf = await request.get(`/api/freightdocuments/${document.id}`, {
      headers: { Authorization: `Bearer ${cast.consignor.token}`, Accept: 'application/pdf', 'Accept-Language': 'en' },
    });
    expect(pdf.status()).toBe(200);
    const text = pdfText(await pdf.body());
    expect(text).toContain('Packaging: Two cartons crushed at one corner');
    expect(text).toContain('accepted by');
  });
});

test('an instruction given in the portal (change of the place of delivery) and accepted by the driver on the tablet', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN'] });
  await moveTo(request, cast.carrier, document.id, 'TRANSIT');

  await test.step('the consignor gives the instruction in the portal at 1366×900', async () => {
    await page.setViewportSize(SIZES.desktop);
    await page.goto(`/login?callbackUrl=${encodeURIComponent(`/documents/${document.id}`)}`);
    await signIn(page, cast.consignor.email, cast.consignor.password);
    const legal = page.getByTestId('legal-events');
    await expect(legal).toContainText('The right of disposal is held by the Consignor.');
    await legal.getByRole('button', { name: 'Give an instruction' }).click();
    await legal.getByRole('radio', { name: 'Change the place of delivery' }).check();
    await legal.getByLabel('Name').fill('Lager Düsseldorf');
    await legal.getByLabel('Town').fill('Düsseldorf');
    // A picker of names in the page's language, the alpha-3 code underneath (issue 34 item 5).
    await legal.getByLabel('Country', { exact: true }).selectOption({ label: 'Germany' });
    await expect(legal.getByLabel('Country', { exact: true })).toHaveValue('DEU');
    await legal.getByLabel('What the carrier should do').fill('Deliver to our Düsseldorf warehouse instead.');
    await expectAccessible(page);
    await screenshots(page, 'legal-give-instruction');
    await legal.getByRole('button', { name: 'Send the instruction' }).click();
    await expect(legal.getByTestId('instruction-given')).toHaveText('The instruction is recorded and the carrier is told.');
    const instruction = legal.getByTestId('instruction');
    await expect(instruction).toContainText('Change the place of delivery');
    await expect(instruction).toContainText('New party: Lager Düsseldorf, Düsseldorf, DEU');
    await expect(instruction.getByTestId('instruction-pending')).toBeVisible();
  });

  await test.step('the driver sees it at the top of the hand-over and accepts it', async () => {
    const tablet = await deviceFor(browser, cast.carrier, SIZES.tablet, `/documents/${document.id}`);
    // The carrier's portal says so at the top of the document page, too.
    await expect(tablet.getByTestId('pending-instruction-callout')).toContainText('An instruction of the right of disposal waits for your answer.');
    await tablet.goto(`/tablet/${document.id}`);
    const pending = tablet.getByTestId('pending-instructions');
    await expect(pending.getByRole('heading', { name: 'Instruction from the sender' })).toBeVisible();
    await expect(pending).toContainText('Deliver to our Düsseldorf warehouse instead.');
    // Refusing needs a reason; then the driver changes its mind and accepts.
    await pending.getByRole('button', { name: 'Refuse' }).click();
    await pending.getByRole('button', { name: 'Refuse the instruction' }).click();
    await expect(pending.getByRole('alert')).toContainText('Say why you refuse the instruction.');
    await expectAccessible(tablet);
    await screenshots(tablet, 'legal-tablet-instruction');
    await pending.getByRole('button', { name: 'Cancel' }).click();
    await pending.getByRole('button', { name: 'Accept the instruction' }).click();
    await expect(tablet.getByTestId('pending-instructions')).toHaveCount(0);
    await tablet.context().close();
  });

  await test.step('the consignor’s portal shows the answer; the place of delivery changed', async () => {
    await page.reload();
    const answer = page.getByTestId('legal-events').getByTestId('instruction-answer');
    await expect(answer).toContainText('Accepted by');
    const stored = await readDocument(request, cast.consignor, document.id);
    expect(stored.placeOfDelivery).toMatchObject({ name: 'Lager Düsseldorf', cityName: 'Düsseldorf', countryCode: 'DEU' });
    expect(stored.instructions[0].response).toMatchObject({ accepted: true });
  });
});

test('at 390×844: the consignee records a damage reservation two days after the delivery, with the time left shown', async ({ page, request }) => {
  test.setTimeout(120_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN'] });
  await moveTo(request, cast.carrier, document.id, 'TRANSIT');
  await moveTo(request, cast.carrier, document.id, 'DELIVERED');
  const delivered = await readDocument(request, cast.consignee, document.id);
  const update = delivered.updates.find((entry: { newFreightDocumentStatus: string | null }) => entry.newFreightDocumentStatus === 'DELIVERED');
  const deliveredAt = new Date(update.createDateTimeClient ?? update.createDateTimeServer);
  // The browser's clock two days (and a minute) after the delivery: the delay window then has 18 days and 23 hours left.
  await page.clock.setFixedTime(new Date(deliveredAt.getTime() + 2 * 24 * 3600_000 + 60_000));
  await page.setViewportSize(SIZES.phone);
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/documents/${document.id}`)}`);
  await signIn(page, cast.consignee.email, cast.consignee.password);

  const legal = page.getByTestId('legal-events');
  await expect(legal.getByRole('heading', { name: 'Record a reservation after the delivery' })).toBeVisible();
  await expect(legal.getByTestId('time-left-DELAY')).toHaveText(/^18 days and 23 hours left, until /);
  await expect(legal.getByTestId('time-left-AFTER_DELIVERY')).toHaveAttribute('data-state', 'open');
  await expect(legal.getByTestId('time-left-AFTER_DELIVERY')).toHaveText(/^\d+ days and \d+ hours? left, until /);
  await legal.getByRole('radio', { name: /After the delivery: loss or damage not apparent/ }).check();
  await legal.getByLabel('What is wrong').selectOption('DAMAGE');
  await legal.getByRole('checkbox', { name: /Euro pallet/ }).check();
  await legal.getByLabel('Describe it').fill('Water damage found when unpacking');
  // Issue 34: the hidden damage is photographed when it is found, up to three photos as the counter party's form takes.
  await legal.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'water.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(legal.getByRole('button', { name: 'Remove photo 1' })).toBeVisible();
  await legal.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'water-2.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(legal.getByRole('button', { name: 'Remove photo 2' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'legal-late-reservation');
  await legal.getByRole('button', { name: 'Record the reservation' }).click();
  await expect(legal.getByTestId('late-reservation-done')).toHaveText('The reservation is recorded.');
  const recorded = legal.getByTestId('reservation');
  await expect(recorded).toContainText('Damage');
  await expect(recorded).toContainText('After the delivery: loss or damage not apparent');
  await expect(recorded).toContainText('Goods lines: Euro pallet');
  const stored = await readDocument(request, cast.consignee, document.id);
  const reservation = stored.comments.find((comment: { reservation: unknown }) => comment.reservation);
  expect(reservation.reservation).toMatchObject({
    stage: 'AFTER_DELIVERY',
    kind: 'DAMAGE',
    withinTimeLimit: true,
  });
  expect(reservation.attachments).toHaveLength(2);
  // The form is empty again for the next one, photos included.
  await expect(legal.getByRole('button', { name: 'Remove photo 1' })).toHaveCount(0);
});

test('at 390×844: the driver reports an impediment with a photo and records the cash collected on the delivery step', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { id } = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN'] }, { amount: 1250, currency: 'EUR' });
  await moveTo(request, cast.carrier, id, 'TRANSIT');

  await page.setViewportSize(SIZES.phone);
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/tablet/${id}`)}`);
  await signIn(page, cast.carrier.email, cast.carrier.password);

  await test.step('an impediment with a photo', async () => {
    const impediment = await fillImpediment(page);
    await expectAccessible(page);
    await screenshots(page, 'legal-tablet-impediment');
    await impediment.send();
    await expect(outboxEntry(page, 'Impediment')).toHaveAttribute('data-state', 'sent');
  });

  await test.step('cash on delivery, collected, before the approvals', async () => {
    await expect(page.getByTestId('cash-on-delivery-panel')).toContainText('To collect: €1,250.00');
    const cash = await fillCashCollected(page);
    await expectAccessible(page);
    await screenshots(page, 'legal-tablet-cash');
    await cash.send();
    await expect(outboxEntry(page, 'Cash on delivery')).toHaveAttribute('data-state', 'sent');
    await expect(cash.panel.getByTestId('cash-recorded')).toContainText('Collected · €1,250.00 · Q-2211');
  });

  expectImpedimentAndCashStored(await readDocument(request, cast.consignor, id));
});
