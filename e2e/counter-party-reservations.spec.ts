/**
 * Issue 34 item 1: the counter party accepts with reservations on its own device (contract §7, §14). On a 390×844 phone
 * the consignee opens a hand-over link, adds a damage reservation with a camera photo, signs and confirms: the REST
 * document shows the reservation recorded for the signer (`recordedFor.name`), the approval's `acceptedReservations`
 * lists it, box 24 of the PDF prints it and the driver's tablet, open on the document, names it in its full-screen result.
 * The same from the portal's approval page with an account, as its own.
 */
import { expect, test, type Page } from './support/test';
import { execFileSync } from 'node:child_process';
import { createClient, type CreatedClient } from './support/admin';
import { expectFeedbackAtControl } from './support/feedback';
import { LOCALES } from './support/languages';
import { castOf, closeHandoverResult, deviceFor, drawSignature, expectAccessible, issueWaybill, PHOTO, readDocument, SIZES, type Cast } from './support/tablet';

let client: CreatedClient;
let cast: Cast;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  client = await createClient({ name: 'E2E counter-party reservations' });
  cast = await castOf(request, client);
});

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-nodiag', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

/** An issued waybill taken over by the carrier and, when asked, with the carrier's own delivery approval given. */
async function inTransit(request: Parameters<typeof readDocument>[0], carrierApprovesDelivery: boolean) {
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN', 'SIGN_ON_GLASS'] });
  const steps = [
    [cast.carrier, 'CARRIER', 'COLLECTION'],
    [cast.consignor, 'CONSIGNOR', 'COLLECTION'],
    ...(carrierApprovesDelivery ? ([[cast.carrier, 'CARRIER', 'DELIVERY']] as const) : []),
  ] as const;
  for (const [who, role, action] of steps) {
    const heads = (await readDocument(request, who, document.id)).previousCommits;
    const reply = await request.post(`/api/freightdocuments/${document.id}/submitmyapproval`, {
      headers: { Authorization: `Bearer ${who.token}` },
      data: { action, ownRole: role, previousCommits: heads },
    });
    expect(reply.status(), await reply.text()).toBe(201);
  }
  return document;
}

/** The driver's one-time hand-over link for the delivery, as its QR code carries it. */
async function deliveryLink(request: Parameters<typeof readDocument>[0], id: string): Promise<string> {
  const link = await request.post(`/api/freightdocuments/${id}/handoverlinks`, {
    headers: { Authorization: `Bearer ${cast.carrier.token}` },
    data: { action: 'DELIVERY' },
  });
  expect(link.status(), await link.text()).toBe(201);
  return ((await link.json()) as { url: string }).url;
}

/** Picks Damage, ticks the tiles, writes the text and takes one photo, then adds the reservation. */
async function addDamage(page: Page, text: string) {
  const form = page.getByTestId('counter-party-reservation-form');
  await form.getByRole('button', { name: 'Damage', exact: true }).click();
  await form.getByRole('checkbox', { name: /Ceramic tiles/ }).check();
  await form.getByLabel('Describe it').fill(text);
  await form.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'crushed.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(form.getByRole('button', { name: 'Remove photo 1' })).toBeVisible();
  await form.getByRole('button', { name: 'Add the reservation' }).click();
}

/** The REST document and the PDF show the delivery reservation as accepted by the delivery approval. */
async function expectAccepted(request: Parameters<typeof readDocument>[0], id: string, text: string, recordedFor: string | undefined) {
  const document = await readDocument(request, cast.consignee, id);
  const reservation = document.comments.find((comment: { text: string }) => comment.text === text);
  expect(reservation.reservation).toMatchObject({ stage: 'DELIVERY', kind: 'DAMAGE', goodsLines: [expect.any(Number)] });
  expect(reservation.reservation.recordedFor).toEqual(recordedFor ? { name: recordedFor } : undefined);
  expect(reservation.attachments).toHaveLength(1);
  const accepting = document.approvals.filter((approval: { action: string; acceptedReservations: string[] }) =>
    approval.acceptedReservations.includes(reservation.commentId),
  );
  expect(accepting.map((approval: { action: string }) => approval.action)).toEqual(['DELIVERY']);
  const pdf = await request.get(`/api/freightdocuments/${id}`, {
    headers: { Authorization: `Bearer ${cast.consignee.token}`, Accept: 'application/pdf', 'Accept-Language': 'en' },
  });
  expect(pdf.status()).toBe(200);
  const printed = pdfText(await pdf.body());
  expect(printed).toContain(`Damage: ${text}`);
  if (recordedFor) expect(printed).toContain(`(${recordedFor},`);
  expect(printed).toContain('accepted by');
}

test('on the consignee’s phone, through a hand-over link: a damage reservation with a photo, signed and confirmed', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const document = await inTransit(request, true);
  const url = await deliveryLink(request, document.id);

  const phone = await (await browser.newContext({ viewport: SIZES.phone, hasTouch: true, isMobile: true })).newPage();
  await phone.goto(url);
  await expect(phone.getByRole('heading', { level: 2, name: 'Anything wrong? Add a reservation' })).toBeVisible();
  // Nothing is added without a kind and a text, and the reason is said beside the button.
  await phone.getByRole('button', { name: 'Add the reservation' }).click();
  await expect(phone.getByTestId('counter-party-reservation-missing')).toBeVisible();
  await addDamage(phone, 'Two boxes of tiles broken');
  await expect(phone.getByTestId('handover-reservations-added')).toContainText('Damage: Two boxes of tiles broken (Ceramic tiles) · 1 photo');
  // The list is above the form, out of sight on a phone: the form says at its button that it was added.
  await expect(phone.getByTestId('handover-reservation-done')).toHaveText('Reservation added. It is recorded with your signature when you confirm below.');
  await expect(phone.getByTestId('handover-reservation-done')).toBeInViewport();
  await expectAccessible(phone);
  // Not on record before the signer confirms.
  const before = await readDocument(request, cast.carrier, document.id);
  expect(before.comments.filter((comment: { reservation: unknown }) => comment.reservation)).toHaveLength(0);

  // The driver's tablet stays open on the document while the consignee signs on the phone.
  const tablet = await deviceFor(browser, cast.carrier, SIZES.tablet, `/tablet/${document.id}`);
  await expect(tablet.getByRole('heading', { level: 1, name: `Delivery · document ${document.serviceNumber}` })).toBeVisible();

  await phone.getByLabel('Your name').fill('Bea Berger');
  await drawSignature(phone);
  await phone.getByRole('button', { name: 'Confirm and sign' }).click();
  await expect(phone.getByTestId('handover-done')).toContainText('Thank you, Bea Berger.');
  await expectAccepted(request, document.id, 'Two boxes of tiles broken', 'Bea Berger');
  // The tablet's result names what the approval accepted, under the heading the driver reads, within the screen.
  const result = tablet.getByTestId('handover-result');
  await expect(result).toContainText('Delivery done', { timeout: 15_000 });
  const accepted = result.getByTestId('result-accepted');
  await expect(accepted).toHaveText('Accepted with reservations: Damage – Two boxes of tiles broken (Bea Berger)');
  await expectFeedbackAtControl(accepted, result.getByRole('heading', { level: 2 }));
  await closeHandoverResult(tablet, 'Accepted with reservations');
});

test('on the portal’s approval page, with an account: the consignee’s own damage reservation, then the approval', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const document = await inTransit(request, true);
  const page = await deviceFor(browser, cast.consignee, SIZES.phone, `/documents/${document.id}/approve`);
  await expect(page.getByRole('heading', { level: 2, name: 'Anything wrong? Add a reservation' })).toBeVisible();
  await addDamage(page, 'Pallet wrap torn, tiles chipped');
  await expect(page.getByTestId('approve-reservation-done')).toHaveText('Reservation added.');
  await expect(page.getByTestId('approve-reservation-done')).toBeInViewport();
  // The page shows it among what the approval accepts.
  await expect(page.getByText('Pallet wrap torn, tiles chipped')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Approve delivery' }).click();
  await expect(page.getByTestId('approve-done')).toBeVisible();
  await expectAccepted(request, document.id, 'Pallet wrap torn, tiles chipped', undefined);
});

test('the hand-over page’s header fits a 390×844 phone in every language: nothing wider than the screen, no text cut', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const waybill = await inTransit(request, true);
  const url = await deliveryLink(request, waybill.id);
  // One page load a language: the header is the same on every hand-over, only its words change.
  for (const locale of LOCALES) {
    const context = await browser.newContext({ viewport: SIZES.phone, hasTouch: true, isMobile: true, locale });
    const phone = await context.newPage();
    await phone.goto(url);
    const header = phone.locator('header.handover-header');
    await expect(header).toBeVisible();
    await expect(phone.locator('html')).toHaveAttribute('lang', locale);
    const problems = await header.evaluate((element, viewportHeight) => {
      const found: string[] = [];
      const width = document.documentElement.clientWidth;
      if (element.scrollWidth > element.clientWidth) found.push(`header scrolls sideways: ${element.scrollWidth} > ${element.clientWidth}`);
      for (const part of element.querySelectorAll<HTMLElement>('.brand, .env-badge, a, button, select, label, span')) {
        // Text for screen readers only (the language switch's label, the skip link) is clipped on purpose.
        if (!part.checkVisibility() || part.closest('.visually-hidden, .skip-link')) continue;
        const box = part.getBoundingClientRect();
        if (box.right > width + 1 || box.left < -1) found.push(`outside the screen: ${part.className || part.tagName} "${part.textContent?.trim()}"`);
        if (part.scrollWidth > part.clientWidth + 1 && getComputedStyle(part).overflow !== 'visible')
          found.push(`text cut: ${part.className || part.tagName} "${part.textContent?.trim()}"`);
      }
      // Compact: a phone's screen is for the goods and the signature.
      if (element.getBoundingClientRect().height > viewportHeight / 5) found.push(`header ${Math.round(element.getBoundingClientRect().height)} px high`);
      return found;
    }, SIZES.phone.height);
    expect(problems, `header in ${locale}`).toEqual([]);
    await context.close();
  }
});
