/**
 * Issue 34 item 2: the portal does what the carrier's roles allow. The carrier's office, at 1366×900, records a
 * taking-over reservation, an impediment and cash on delivery, and answers an instruction, on the document page with
 * the tablet's own panels; the driver's tablet, open on the same document, shows each without a reload within 30 s.
 */
import { expect, test } from './support/test';
import { createClient, type CreatedClient } from './support/admin';
import { CASH_REFERENCE, expectImpedimentAndCashStored, fillCashCollected, fillImpediment, IMPEDIMENT_TEXT } from './support/legal';
import { signIn } from './support/portal';
import { castOf, closeHandoverResult, deviceFor, expectAccessible, issueWaybill, readDocument, SIZES, type Cast } from './support/tablet';

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
  const { id } = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['OWN'] }, { amount: 1250, currency: 'EUR' });

  await page.setViewportSize(SIZES.desktop);
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/documents/${id}`)}`);
  await signIn(page, cast.carrier.email, cast.carrier.password);
  // The driver's tablet, open on the document before the office records anything and never reloaded: it watches the
  // document's heads (useHandOverWatch) and reads the hand-over again when they move.
  const tablet = await deviceFor(browser, cast.carrier, SIZES.tablet, `/tablet/${id}`);
  const onTablet = tablet.getByTestId('on-record');
  const shownOnTablet = (text: string) => expect(onTablet.getByText(text).first()).toBeVisible({ timeout: 30_000 });
  const legal = page.getByTestId('legal-events');

  await test.step('a reservation at the taking over', async () => {
    const step = legal.getByTestId('reservations-step');
    await step.getByRole('button', { name: 'Packaging', exact: true }).click();
    await step.getByLabel('Describe it').fill('Two cartons crushed at one corner');
    await step.getByRole('button', { name: 'Add the reservation' }).click();
    await step.getByRole('button', { name: 'Record the reservation' }).click();
    // Listed in the section and in the step's "on record", as on the tablet.
    await expect(legal.getByTestId('reservation').filter({ hasText: 'Two cartons crushed at one corner' }).first()).toBeVisible();
    await shownOnTablet('Two cartons crushed at one corner');
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
    const impediment = await fillImpediment(legal);
    await impediment.send();
    await expect(legal).toContainText(IMPEDIMENT_TEXT);
    await shownOnTablet(IMPEDIMENT_TEXT);
  });

  await test.step('cash on delivery, collected', async () => {
    const cash = await fillCashCollected(legal);
    await cash.send();
    await expect(cash.panel.getByTestId('cash-recorded')).toContainText(CASH_REFERENCE);
    await shownOnTablet(CASH_REFERENCE);
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
    await expect(onTablet.getByTestId('instruction-answer').getByText('Accepted by')).toBeVisible({ timeout: 30_000 });
  });

  const stored = await readDocument(request, cast.consignor, id);
  expect(stored.comments.filter((comment: { reservation: { stage: string } | null }) => comment.reservation?.stage === 'TAKING_OVER')).toHaveLength(1);
  expectImpedimentAndCashStored(stored);
  expect(stored.instructions[0].response).toMatchObject({ accepted: true });
});
