/**
 * Issue 34 item 2: the portal does what the carrier's roles allow. The carrier's office, at 1366×900, records a
 * taking-over reservation, an impediment and cash on delivery, and answers an instruction, on the document page with
 * the tablet's own panels; the driver's tablet, open on the same document, shows each without a reload within 30 s.
 */
import { expect, test } from '@playwright/test';
import { createClient, type CreatedClient } from './support/admin';
import { signIn } from './support/portal';
import { castOf, closeHandoverResult, deviceFor, expectAccessible, PHOTO, readDocument, SIZES, type Cast } from './support/tablet';

let client: CreatedClient;
let cast: Cast;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  client = await createClient({ name: 'E2E portal carrier actions' });
  cast = await castOf(request, client);
});

test('the carrier’s office records a reservation, an impediment, cash on delivery and answers an instruction in the portal', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const created = await request.post('/api/freightdocuments', {
    headers: { Authorization: `Bearer ${cast.submitter.token}` },
    data: {
      type: 'WAYBILL',
      status: 'ISSUED',
      consignor: { name: 'Tegel BV', cityName: 'Utrecht', countryCode: 'NLD', submittedAccountNumber: cast.consignor.accountNumber },
      consignee: { name: 'Fliesen GmbH', cityName: 'Köln', countryCode: 'DEU', submittedAccountNumber: cast.consignee.accountNumber },
      carrier: { name: 'Snel Transport', cityName: 'Breda', countryCode: 'NLD', submittedAccountNumber: cast.carrier.accountNumber },
      placeOfTakingOver: { name: 'Warehouse Utrecht', cityName: 'Utrecht', countryCode: 'NLD' },
      placeOfDelivery: { name: 'Lager Köln-Porz', cityName: 'Köln', countryCode: 'DEU' },
      establishedPlace: 'Utrecht',
      structuredGoods: [{ type: 'GOOD', name: 'Ceramic tiles', numberOfPackages: 12, weight: 480, weightUnit: 'KILOGRAM' }],
      reimbursementAmount: 1250,
      reimbursementCurrency: 'EUR',
      availableSigningMethods: { collection: ['OWN'], carrierToCarrier: ['OWN'], delivery: ['OWN'] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { freightDocumentId: id } = (await created.json()) as { freightDocumentId: string };

  await page.setViewportSize(SIZES.desktop);
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/documents/${id}`)}`);
  await signIn(page, cast.carrier.email, cast.carrier.password);
  const tablet = await deviceFor(browser, cast.carrier, SIZES.tablet, `/tablet/${id}`);
  const onTablet = tablet.getByTestId('on-record');
  const legal = page.getByTestId('legal-events');

  await test.step('a reservation at the taking over', async () => {
    const step = legal.getByTestId('reservations-step');
    await step.getByRole('button', { name: 'Packaging', exact: true }).click();
    await step.getByLabel('Describe it').fill('Two cartons crushed at one corner');
    await step.getByRole('button', { name: 'Add the reservation' }).click();
    await step.getByRole('button', { name: 'Record the reservation' }).click();
    // Listed in the section and in the step's "on record", as on the tablet.
    await expect(legal.getByTestId('reservation').filter({ hasText: 'Two cartons crushed at one corner' }).first()).toBeVisible();
    await expect(onTablet).toContainText('Two cartons crushed at one corner', { timeout: 30_000 });
    await expectAccessible(page);
  });

  // The collection completes by both approvals: the cargo is in transit.
  for (const [who, role] of [
    [cast.carrier, 'CARRIER'],
    [cast.consignor, 'CONSIGNOR'],
  ] as const) {
    const heads = (await readDocument(request, who, id)).previousCommits;
    const reply = await request.post(`/api/freightdocuments/${id}/submitmyapproval`, {
      headers: { Authorization: `Bearer ${who.token}` },
      data: { action: 'COLLECTION', ownRole: role, previousCommits: heads },
    });
    expect(reply.status(), await reply.text()).toBe(201);
  }
  await page.reload();
  // The driver's tablet says the collection is done, full screen, until the driver closes it.
  await closeHandoverResult(tablet, /Collection done/, { timeout: 30_000 });

  await test.step('an impediment with a photo', async () => {
    const panel = legal.getByTestId('impediment-panel');
    await panel.getByRole('button', { name: 'Report an impediment' }).click();
    await panel.getByRole('radio', { name: 'Delivery is prevented' }).check();
    await panel.getByLabel('Details').fill('Gate closed, nobody answers the phone');
    await panel.getByLabel('Photo').setInputFiles({ name: 'gate.png', mimeType: 'image/png', buffer: PHOTO });
    await panel.getByRole('button', { name: 'Report the impediment' }).click();
    await expect(legal).toContainText('Gate closed, nobody answers the phone');
    await expect(onTablet).toContainText('Gate closed, nobody answers the phone', { timeout: 30_000 });
  });

  await test.step('cash on delivery, collected', async () => {
    const panel = legal.getByTestId('cash-on-delivery-panel');
    await panel.getByRole('button', { name: 'Collected', exact: true }).click();
    await panel.getByLabel('Receipt or reference').fill('Q-2211');
    await panel.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(panel.getByTestId('cash-recorded')).toContainText('Q-2211');
    await expect(onTablet).toContainText('Q-2211', { timeout: 30_000 });
    await expectAccessible(page);
  });

  await test.step('an instruction of the consignor, answered in the portal', async () => {
    const heads = (await readDocument(request, cast.consignor, id)).previousCommits;
    const given = await request.post(`/api/freightdocuments/${id}/instructions`, {
      headers: { Authorization: `Bearer ${cast.consignor.token}` },
      data: { kind: 'OTHER', text: 'Call the warehouse before arriving', previousCommits: heads },
    });
    expect(given.status(), await given.text()).toBe(201);
    await page.reload();
    const instruction = legal.getByTestId('instruction').filter({ hasText: 'Call the warehouse before arriving' });
    await instruction.getByRole('button', { name: 'Accept the instruction' }).click();
    await expect(instruction.getByTestId('instruction-answer')).toContainText('Accepted by');
    await expect(onTablet.getByTestId('instruction-answer')).toContainText('Accepted by', { timeout: 30_000 });
  });

  const stored = await readDocument(request, cast.consignor, id);
  expect(stored.comments.filter((comment: { reservation: { stage: string } | null }) => comment.reservation?.stage === 'TAKING_OVER')).toHaveLength(1);
  expect(stored.impediments).toEqual([expect.objectContaining({ kind: 'DELIVERY_PREVENTED', attachments: [expect.anything()] })]);
  expect(stored.cashOnDelivery).toMatchObject({ collected: true, amount: 1250, currency: 'EUR', reference: 'Q-2211' });
  expect(stored.instructions[0].response).toMatchObject({ accepted: true });
});
