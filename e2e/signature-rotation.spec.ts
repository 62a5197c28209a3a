/**
 * A drawn signature survives turning the tablet (issue 19, item 6): the browser wipes a canvas whose size changes, so
 * the pad keeps its strokes and draws them again at the new size. Drawn at 1024×768, turned to 768×1024, the ink is
 * still there, and that signature is what is recorded.
 */
import { expect, test, type Page } from './support/test';
import fs from 'node:fs';
import path from 'node:path';
import { createClient, type CreatedClient } from './support/admin';
import { signIn } from './support/portal';
import { castOf, closeHandoverResult, drawSignature, expectAccessible, issueWaybill, readDocument, SIZES, type Person, type Cast } from './support/tablet';

let client: CreatedClient;
let cast: Cast;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  client = await createClient({ name: 'E2E signature rotation' });
  cast = await castOf(request, client);
});

/** The pad's size and how many of its pixels carry ink. */
function ink(page: Page) {
  return page.getByTestId('signature-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let alpha = 3; alpha < pixels.length; alpha += 4) if (pixels[alpha]! > 0) inked += 1;
    return { width: canvas.width, inked };
  });
}

test('a signature drawn on the tablet is still there after turning it to portrait', async ({ browser, request }) => {
  test.setTimeout(150_000);
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
  await tablet.goto(`/login?callbackUrl=${encodeURIComponent(`/tablet/${document.id}`)}`);
  await signIn(tablet, cast.carrier.email, cast.carrier.password);
  await tablet.getByRole('button', { name: 'Approve the hand-over' }).click();
  await expect(tablet.getByTestId('own-approved')).toBeVisible();
  await tablet.getByRole('radio', { name: 'Signature on this screen' }).check();
  await tablet.getByLabel('Name of the person signing').fill('Bea Berger');
  await drawSignature(tablet);
  const landscape = await ink(tablet);
  expect(landscape.inked).toBeGreaterThan(200);

  await tablet.setViewportSize({ width: 768, height: 1024 });
  await expect.poll(async () => (await ink(tablet)).width).toBeLessThan(landscape.width);
  const portrait = await ink(tablet);
  // Scaled down with the pad: less ink, but clearly the signature, not an empty box.
  expect(portrait.inked).toBeGreaterThan(landscape.inked * 0.4);
  const dir = path.join('test-results', 'signature');
  fs.mkdirSync(dir, { recursive: true });
  await tablet.getByTestId('signature-canvas').scrollIntoViewIfNeeded();
  await tablet.screenshot({ path: path.join(dir, 'turned-768x1024.png') });
  await expectAccessible(tablet);

  // Back to landscape, then recorded: the signature image on record carries the ink.
  await tablet.setViewportSize(SIZES.tablet);
  await expect.poll(async () => (await ink(tablet)).width).toBe(landscape.width);
  // Redrawn from its points the stroke widths differ a little from the live drawing (78 % of the pixels once in CI):
  // the check is that the signature is back, not a pixel count.
  await expect.poll(async () => (await ink(tablet)).inked).toBeGreaterThan(landscape.inked * 0.6);
  await tablet.getByRole('button', { name: 'Save signature and approve' }).click();
  await closeHandoverResult(tablet, 'Bea Berger signed');
  await expect(tablet.getByTestId('document-status')).toHaveText('Delivered');
  const signature = tablet.getByRole('img', { name: 'Signature of Bea Berger' });
  await expect(signature).toBeVisible();
});

test('a signature on the hand-over phone page survives turning the phone and a look at the refusal form', async ({ browser, request }) => {
  test.setTimeout(120_000);
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
  await call(cast.carrier, 'submitmyapproval', { action: 'DELIVERY', ownRole: 'CARRIER' });
  const { url } = (await call(cast.carrier, 'handoverlinks', { action: 'DELIVERY' })) as { url: string };

  const phone = await (await browser.newContext({ viewport: SIZES.phone, hasTouch: true, isMobile: true })).newPage();
  await phone.goto(url);
  await phone.getByLabel('Your name').fill('Bea Berger');
  await drawSignature(phone);
  const upright = await ink(phone);
  expect(upright.inked).toBeGreaterThan(200);

  await phone.setViewportSize({ width: 844, height: 390 });
  await expect.poll(async () => (await ink(phone)).width).toBeGreaterThan(upright.width);
  // Drawn larger, the strokes come out thinner (signature_pad thins fast strokes): ink, not an empty box.
  expect((await ink(phone)).inked).toBeGreaterThan(upright.inked * 0.4);
  await phone.setViewportSize(SIZES.phone);
  await expect.poll(async () => (await ink(phone)).width).toBe(upright.width);
  // Redrawn from the kept points, the ink differs a little from the live strokes; it is the signature, not an empty box.
  expect((await ink(phone)).inked).toBeGreaterThan(upright.inked * 0.4);

  // The pad is hidden behind the refusal form and shown again: a new canvas, the same signature.
  await phone.getByRole('button', { name: 'I do not accept this' }).click();
  await phone.getByRole('button', { name: 'Back to signing' }).click();
  await expect.poll(async () => (await ink(phone)).inked).toBeGreaterThan(upright.inked * 0.4);
  await phone.getByRole('button', { name: 'Confirm and sign' }).click();
  await expect(phone.getByTestId('handover-done')).toContainText('Thank you, Bea Berger.');
  expect((await readDocument(request, cast.carrier, document.id)).status).toBe('DELIVERED');
});
