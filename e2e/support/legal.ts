import { expect, type Locator, type Page } from '@playwright/test';
import { PHOTO } from './tablet';

/**
 * The carrier's legal events as the driver (tablet) and its office (portal document page) record them with the same
 * panels: the forms are filled alike on both, each spec then sends and checks what its screen shows.
 */
export const IMPEDIMENT_TEXT = 'Gate closed, nobody answers the phone';
export const CASH_REFERENCE = 'Q-2211';

/** Opens the impediment panel and fills in a prevented delivery with a photo; the spec sends it. */
export async function fillImpediment(root: Page | Locator) {
  const panel = root.getByTestId('impediment-panel');
  await panel.getByRole('button', { name: 'Report an impediment' }).click();
  await panel.getByRole('radio', { name: 'Delivery is prevented' }).check();
  await panel.getByLabel('Details').fill(IMPEDIMENT_TEXT);
  await panel.getByLabel('Photo').setInputFiles({ name: 'gate.png', mimeType: 'image/png', buffer: PHOTO });
  return { send: () => panel.getByRole('button', { name: 'Report the impediment' }).click() };
}

/** Fills in the cash on delivery as collected, with its receipt; the spec records it. */
export async function fillCashCollected(root: Page | Locator) {
  const panel = root.getByTestId('cash-on-delivery-panel');
  await panel.getByRole('button', { name: 'Collected', exact: true }).click();
  await panel.getByLabel('Receipt or reference').fill(CASH_REFERENCE);
  return { panel, send: () => panel.getByRole('button', { name: 'Record', exact: true }).click() };
}

/** What the document holds after both: the impediment with its photo, the cash collected with its reference. */
export function expectImpedimentAndCashStored(stored: { impediments: unknown; cashOnDelivery: unknown }) {
  expect(stored.impediments).toEqual([expect.objectContaining({ kind: 'DELIVERY_PREVENTED', text: IMPEDIMENT_TEXT, attachments: [expect.anything()] })]);
  expect(stored.cashOnDelivery).toMatchObject({ collected: true, amount: 1250, currency: 'EUR', reference: CASH_REFERENCE });
}
