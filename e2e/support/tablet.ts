import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { createActiveAccount, newPerson } from './accounts';
import { basicAuth, type CreatedClient } from './admin';
import { laidOut } from './layout';
import { signIn } from './portal';
import { sampleOf } from '../../tests/support/sampling';

export type Person = ReturnType<typeof newPerson> & { accountNumber: string; token: string; accountSecret: string };

export const SIZES = {
  desktop: { width: 1366, height: 900 },
  tablet: { width: 1024, height: 768 },
  phone: { width: 390, height: 844 },
} as const;

/** An account made as a person makes one (REST sign-up, the link from the mail), logged in as a client app (token, accountSecret). */
export async function person(request: APIRequestContext, client: CreatedClient, label: string): Promise<Person> {
  const who = newPerson(label);
  const { accountNumber } = await createActiveAccount(request, client, who);
  const login = await request.post('/api/oauth/token', {
    headers: { Authorization: basicAuth(client) },
    form: { grant_type: 'password', username: who.email, password: who.password },
  });
  expect(login.status()).toBe(200);
  const body = (await login.json()) as { access_token: string; accountSecret: string };
  return { ...who, accountNumber, token: body.access_token, accountSecret: body.accountSecret };
}

export type Cast = { submitter: Person; consignor: Person; consignee: Person; carrier: Person };

/**
 * The four parties of the tablet and hand-over specs, each an account of its own made by `person`. They are
 * independent of each other, so they are made side by side: the sign-ups, the mails and the activations of four
 * people overlap instead of queueing behind one another in every spec's beforeAll.
 */
export async function castOf(request: APIRequestContext, client: CreatedClient): Promise<Cast> {
  const [submitter, consignor, consignee, carrier] = await Promise.all(
    (['submitter', 'consignor', 'consignee', 'carrier'] as const).map((label) => person(request, client, label)),
  );
  return { submitter: submitter!, consignor: consignor!, consignee: consignee!, carrier: carrier! };
}

const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The tablet's clock in these tests: noon (UTC) of the day the run starts, fixed in the browser with `page.clock`, so
 * that "Today" on "My transfers" never depends on when the run happens (a run at 23:40 once found nothing under Today).
 */
export const TABLET_NOW = (() => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12));
})();

/**
 * An issued waybill with these parties. On the tablet's clock (TABLET_NOW) the collection was due a quarter of an hour
 * ago (overdue counts as today) and the delivery is due tomorrow afternoon.
 */
export async function issueWaybill(
  request: APIRequestContext,
  cast: { submitter: Person; consignor: Person; consignee: Person; carrier: Person },
  methods: { collection: string[]; delivery: string[] },
  cashOnDelivery?: { amount: number; currency: string },
): Promise<{ id: string; serviceNumber: string }> {
  const now = TABLET_NOW.getTime();
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
      structuredGoods: [
        { type: 'GOOD', name: 'Ceramic tiles', numberOfPackages: 12, weight: 480, weightUnit: 'KILOGRAM' },
        { type: 'RTI', name: 'Euro pallet', numberOfPackages: 4, weight: 100, weightUnit: 'KILOGRAM' },
      ],
      establishedPlace: 'Utrecht',
      estimatedDateTimeOfTakingOver: isoSeconds(new Date(now - 15 * 60_000)),
      estimatedDateTimeOfDelivery: isoSeconds(new Date(now + 26 * 3600_000)),
      availableSigningMethods: { ...methods, carrierToCarrier: ['OWN'] },
      ...(cashOnDelivery ? { reimbursementAmount: cashOnDelivery.amount, reimbursementCurrency: cashOnDelivery.currency } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { freightDocumentId } = (await created.json()) as { freightDocumentId: string };
  const document = await readDocument(request, cast.submitter, freightDocumentId);
  return { id: freightDocumentId, serviceNumber: document.serviceNumber as string };
}

export async function readDocument(request: APIRequestContext, who: Person, id: string): Promise<any> {
  const reply = await request.get(`/api/freightdocuments/${id}`, { headers: { Authorization: `Bearer ${who.token}` } });
  expect(reply.status()).toBe(200);
  return reply.json();
}

/** An explicit status move by the carrier (contract §7 `updates`): the quick way to TRANSIT or DELIVERED. */
export async function moveTo(request: APIRequestContext, carrier: Person, id: string, status: 'TRANSIT' | 'DELIVERED') {
  const { previousCommits } = await readDocument(request, carrier, id);
  const reply = await request.post(`/api/freightdocuments/${id}/updates`, {
    headers: { Authorization: `Bearer ${carrier.token}` },
    data: { newFreightDocumentStatus: status, previousCommits },
  });
  expect(reply.status(), await reply.text()).toBe(201);
}

/** A browser of its own (a second device) at a size, signed in, on `target`. */
export async function deviceFor(browser: Browser, who: Person, size: { width: number; height: number }, target: string): Promise<Page> {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await page.goto(`/login?callbackUrl=${encodeURIComponent(target)}`);
  await signIn(page, who.email, who.password);
  await expect(page).toHaveURL(new RegExp(`${target.replace(/\//g, '\\/')}$`));
  return page;
}

/** No axe violations (WCAG 2.1 A/AA rules) on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Full-page screenshots at the three sizes into test-results/tablet/, then back to the page's own size. */
export async function screenshots(page: Page, name: string) {
  const own = page.viewportSize();
  const dir = path.join('test-results', 'tablet');
  fs.mkdirSync(dir, { recursive: true });
  // Pictures for the reader, not checks: every size under `npm run test:full`, one drawn from the seed per screen in
  // `npm test` (three full-page shots of each of some forty screens cost a minute of the run).
  for (const [label, size] of sampleOf(Object.entries(SIZES), 1, name)) {
    await page.setViewportSize(size);
    await laidOut(page);
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: true });
  }
  if (own) await page.setViewportSize(own);
}

/**
 * The counter party's approval, shown full screen whether it came from their phone or was taken on the tablet (a code,
 * a signature): it says `expected`, its heading is where the driver looks, and Close leads back to the hand-over.
 */
export async function closeHandoverResult(page: Page, expected: string | RegExp, options: { timeout?: number; screenshot?: string } = {}) {
  const result = page.getByTestId('handover-result');
  await expect(result).toContainText(expected, { timeout: options.timeout });
  await expect(result.getByRole('heading', { level: 2 })).toBeInViewport();
  if (options.screenshot) await screenshots(page, options.screenshot);
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(result).toHaveCount(0);
}

/** Draws a signature on the canvas with the mouse: a few strokes, as a finger would. */
export async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const strokes = [
    [0.1, 0.7, 0.25, 0.2, 0.35, 0.75],
    [0.4, 0.6, 0.55, 0.3, 0.7, 0.65, 0.9, 0.4],
  ];
  for (const stroke of strokes) {
    await page.mouse.move(box.x + box.width * stroke[0]!, box.y + box.height * stroke[1]!);
    await page.mouse.down();
    for (let i = 2; i < stroke.length; i += 2) {
      await page.mouse.move(box.x + box.width * stroke[i]!, box.y + box.height * stroke[i + 1]!, { steps: 8 });
    }
    await page.mouse.up();
  }
}

/** A real PNG (1×1): the photo a driver takes. */
export const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * The phone page shows what the challenge's transfer hands over before the code (issue 31 item 8): the counter party
 * reads it, then taps to see the code. Offline (no server) the code shows at once.
 */
export async function showCodeAfterCheck(phone: Page, timeout = 10_000) {
  const check = phone.getByTestId('respond-check');
  const code = phone.getByTestId('response-code');
  await expect(check.or(code)).toBeVisible({ timeout });
  if (await check.isVisible()) {
    await expect(check).toContainText('Check what you confirm');
    await check.getByRole('button', { name: 'It is right: show my response code' }).click();
  }
  await expect(code).toBeVisible({ timeout });
}
