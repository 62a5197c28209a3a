/**
 * Contract §15 in the portal: while eFTI is on, the new-document form and the issue confirmation list, in the parties'
 * words, each EU03 mandatory element a sparse draft lacks, and never block; the document page shows the eFTI panel.
 * Runs a server of its own with eFTI on (its gate a stand-in, tests/support/efti-gate.ts); screenshots at the three sizes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { startStandInGate, type StandInGate } from '../tests/support/efti-gate';
import { startServer, type RunningServer } from '../tests/support/server';
import { admin, basicAuth, type CreatedClient } from './support/admin';
import { laidOut } from './support/layout';
import { signIn } from './support/portal';
import { expectAccessible, SIZES } from './support/tablet';

const SHOTS = path.join('test-results', 'efti');
const person = { email: `efti-${Date.now()}@example.test`, password: 'correct horse battery', name: 'Efti Tester' };
let gate: StandInGate;
let server: RunningServer;
let token: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const credentials = { username: 'e2e-gate', password: 'e2e gate secret' };
  gate = await startStandInGate({ expects: credentials, sends: credentials, platformUrl: () => server.baseUrl });
  server = await startServer({
    kind: 'pglite',
    name: 'e2e-efti',
    env: {
      EFTI_GATE_URL: gate.url,
      EFTI_GATE_ID: 'borduria',
      EFTI_PLATFORM_ID: 'acme',
      EFTI_GATE_USERNAME: credentials.username,
      EFTI_GATE_PASSWORD: credentials.password,
      EFTI_INBOUND_USERNAME: credentials.username,
      EFTI_INBOUND_PASSWORD: credentials.password,
    },
  });
  const own = { dataDir: server.dataDir!, port: server.port };
  const client = await admin<CreatedClient>(['client:create', '--name', 'E2E eFTI'], own);
  const created = await fetch(`${server.baseUrl}/api/accounts/users`, {
    method: 'POST',
    headers: { Authorization: basicAuth(client), 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...person, acceptTermsAndConditions: true }),
  });
  expect(created.status).toBe(201);
  await admin(['account:activate', '--email', person.email], own);
  const login = await fetch(`${server.baseUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { Authorization: basicAuth(client), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: person.email, password: person.password }).toString(),
  });
  token = ((await login.json()) as { access_token: string }).access_token;
});

test.afterAll(async () => {
  await server?.dispose();
  await gate?.close();
});

const WORDS = [
  'Carrier’s name is missing; authorities require it.',
  'Carrier’s street is missing; authorities require it.',
  'Consignee’s city is missing; authorities require it.',
  'The date and time of taking over is missing; authorities require it.',
  'No truck’s license plate yet; authorities require it.',
  'Consignor’s confirmation of the hand-over is still to come; authorities require it.',
];

async function shots(page: import('@playwright/test').Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of Object.entries(SIZES)) {
    await page.setViewportSize(size);
    await laidOut(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(SIZES.desktop);
}

test('the new-document form and the issue confirmation say what authorities would miss, and issuing still works', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${server.baseUrl}/login?callbackUrl=${encodeURIComponent('/documents/new')}`);
  await signIn(page, person.email, person.password);
  const readiness = page.getByTestId('efti-readiness');
  await expect(readiness.getByRole('heading', { name: 'What authorities will miss (eFTI)' })).toBeVisible();
  for (const words of WORDS) await expect(readiness.getByRole('listitem').filter({ hasText: words })).toHaveCount(1);
  await expectAccessible(page);
  await shots(page, 'new-document-readiness');

  // A sparse draft saved through the API: its issue confirmation lists the same, from the server's readiness check.
  const created = await fetch(`${server.baseUrl}/api/freightdocuments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      type: 'WAYBILL',
      consignor: { name: 'Sender' },
      consignee: { name: 'Receiver' },
      placeOfTakingOver: { countryCode: 'NLD' },
      goods: 'Apples',
    }),
  });
  const { freightDocumentId } = (await created.json()) as { freightDocumentId: string };
  await page.goto(`${server.baseUrl}/documents/${freightDocumentId}`);
  await expect(page.getByTestId('efti-panel').getByTestId('efti-uil')).toHaveText(/^borduria\/acme\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Issue document' }).click();
  const dialog = page.getByTestId('issue-dialog');
  const inDialog = dialog.getByTestId('issue-efti-readiness');
  for (const words of WORDS) await expect(inDialog.getByRole('listitem').filter({ hasText: words })).toHaveCount(1);
  await shots(page, 'issue-confirmation-readiness');
  await dialog.getByRole('button', { name: /issue/i }).last().click();
  await expect(page.getByTestId('document-status').or(page.getByText('Issued')).first()).toBeVisible();
  await expect.poll(() => gate.uploads.length, { timeout: 30_000 }).toBeGreaterThan(0);
});

test('the tablet’s authority view shows the EU03 content readably, for the driver to hand the tablet to an officer', async ({ page }) => {
  test.setTimeout(180_000);
  const me = (await (await fetch(`${server.baseUrl}/api/accounts/users/me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    accountNumber: string;
  };
  const address = (name: string, countryCode: string, cityName: string) => ({
    name,
    streetName: 'Kade',
    buildingNumber: '12',
    postalCode: '3011 AA',
    cityName,
    countryCode,
  });
  const created = await fetch(`${server.baseUrl}/api/freightdocuments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      type: 'WAYBILL',
      status: 'ISSUED',
      consignor: address('Acme Shipping', 'NLD', 'Rotterdam'),
      consignee: address('Beta Foods', 'DEU', 'Köln'),
      // The tester is the carrier: the authority view is the driver's screen, and the carrier sets the plates.
      carrier: { ...address('Fast Trucks', 'BEL', 'Antwerpen'), taxRegistrationId: 'BE0123456789', submittedAccountNumber: me.accountNumber },
      placeOfTakingOver: address('Terminal Rotterdam', 'NLD', 'Rotterdam'),
      placeOfDelivery: address('Warehouse Köln', 'DEU', 'Köln'),
      agreedDateTimeOfTakingOver: '2026-12-01T08:00:00Z',
      establishedPlace: 'Rotterdam',
      structuredGoods: [
        {
          name: 'Paint',
          numberOfPackages: 4,
          weight: 1000,
          weightUnit: 'KILOGRAM',
          marksAndNumbers: 'ACME 1-4',
          dangerousGoods: { unNumber: '1263', properShippingName: 'PAINT' },
        },
      ],
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { freightDocumentId } = (await created.json()) as { freightDocumentId: string };
  const bearer = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const document = (await (await fetch(`${server.baseUrl}/api/freightdocuments/${freightDocumentId}`, { headers: bearer })).json()) as {
    carrier: { roleId: string };
    previousCommits: string[];
  };
  const plates = await fetch(`${server.baseUrl}/api/freightdocuments/${freightDocumentId}/licenseplates`, {
    method: 'PATCH',
    headers: bearer,
    body: JSON.stringify({
      roleId: document.carrier.roleId,
      previousCommits: document.previousCommits,
      licensePlates: [{ licensePlate: 'AB-123-C', countryCode: 'BEL', type: 'TRUCK' }],
    }),
  });
  expect(plates.status, await plates.clone().text()).toBe(200);

  await page.goto(`${server.baseUrl}/login?callbackUrl=${encodeURIComponent(`/tablet/${freightDocumentId}/authority`)}`);
  await signIn(page, person.email, person.password);
  const view = page.getByTestId('authority-view');
  await expect(view.getByRole('heading', { level: 1 })).toContainText('for authorities');
  await expect(view.getByTestId('authority-uil')).toHaveText(/^UIL: borduria\/acme\/[0-9a-f-]{36}$/);
  await expect(view).toContainText('Fast Trucks');
  await expect(view).toContainText('Tax registration number: BE0123456789');
  await expect(view).toContainText('Dangerous goods UN 1263 PAINT');
  await expect(view).toContainText('Marks: ACME 1-4');
  await expect(view).toContainText('Gross weight: 1,000 kg');
  await expect(view.getByTestId('authority-vehicles')).toContainText('Truck: AB-123-C BE');
  await expect(view.getByRole('heading', { name: 'Taking over of the goods' })).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'tablet-authority-view');
});
