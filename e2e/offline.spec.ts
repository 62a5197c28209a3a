/**
 * The offline-first tablet (issue 21), at 1024×768 with `context.setOffline(true)`: the installable app (manifest and
 * service worker, built by `next build` and served by `next start`) opens, reloads and moves between its screens with
 * no network after one online visit.
 */
import { expect, test, type Page } from './support/test';
import { responseCode, verhoeff } from '@/lib/domain/tfa';
import { createClient, type CreatedClient } from './support/admin';
import { signIn } from './support/portal';
import {
  castOf,
  closeHandoverResult,
  drawSignature,
  expectAccessible,
  issueWaybill,
  PHOTO,
  readDocument,
  screenshots,
  SIZES,
  type Cast,
} from './support/tablet';

test.use({ timezoneId: 'UTC', viewport: SIZES.tablet });

let client: CreatedClient;
let cast: Cast;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  client = await createClient({ name: 'E2E offline' });
  cast = await castOf(request, client);
});

/** Whether the tablet keeps a copy under `key` in its IndexedDB (lib/offline/db.ts). */
function hasCopy(page: Page, key: string) {
  return page.evaluate(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('fds-tablet');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          // Copies are kept per account (`<accountId>|<key>`): any account's copy under this key.
          const request = open.result.transaction('accountCopies').objectStore('accountCopies').getAll();
          request.onsuccess = () => resolve((request.result as { key: string }[]).some((copy) => copy.key === wanted));
          request.onerror = () => resolve(false);
        };
      }),
    key,
  );
}

/**
 * Waits until the service worker controls the page and has kept `paths` for offline use. Installing precaches the
 * app's bundles: over 20 s once on a loaded 2-core CI machine, hence 45 s.
 */
async function keptForOffline(page: Page, paths: string[]) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 45_000 });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open('offline-screens');
          return (await cache.keys()).map((request) => new URL(request.url).pathname);
        }),
      { timeout: 45_000 },
    )
    .toEqual(expect.arrayContaining(paths));
}

test('the app is installable: a manifest with icons and a start page, and a service worker served by next start', async ({ page, request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  const body = (await manifest.json()) as { name: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose: string }[] };
  expect(body).toMatchObject({ start_url: '/tablet', display: 'standalone' });
  expect(body.name).toBeTruthy();
  // Chromium's installability needs a 192 px and a 512 px icon that load.
  for (const size of ['192x192', '512x512']) {
    const icon = body.icons.find((candidate) => candidate.sizes === size && candidate.purpose === 'any');
    expect(icon, size).toBeDefined();
    const reply = await request.get(icon!.src);
    expect(reply.status()).toBe(200);
    expect(reply.headers()['content-type']).toBe('image/png');
  }
  const worker = await request.get('/serwist/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(worker.headers()['service-worker-allowed']).toBe('/');
  // The build's assets are precached (their hashed names are in the worker).
  expect(await worker.text()).toContain('/_next/static/chunks/');

  await page.goto('/login?callbackUrl=%2Ftablet');
  await signIn(page, cast.carrier.email, cast.carrier.password);
  await expect(page.getByRole('heading', { level: 1, name: 'My transfers' })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await keptForOffline(page, ['/tablet', '/respond', '/tablet/shell']);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(scope).toBe(new URL('/', page.url()).toString());
  // Chromium's own installability checks (what Lighthouse reports): none fails but the one of the test browser itself
  // (Playwright's contexts are incognito-like, where Chromium never offers installing).
  const cdp = await page.context().newCDPSession(page);
  await expect
    .poll(
      async () =>
        ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.filter(
          (error) => error.errorId !== 'in-incognito',
        ),
      {
        timeout: 15_000,
      },
    )
    .toEqual([]);
  // The portal has no manifest: it stays an online site.
  await page.goto('/documents');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
});

test('after one online visit the tablet opens, reloads and moves between its screens offline', async ({ page, request }) => {
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
  await page.goto('/login?callbackUrl=%2Ftablet');
  await signIn(page, cast.carrier.email, cast.carrier.password);
  await expect(page.getByRole('heading', { level: 1, name: 'My transfers' })).toBeVisible();
  await keptForOffline(page, ['/tablet', '/respond', '/tablet/shell']);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My transfers' })).toBeVisible();
  await page.goto('/respond');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A hand-over page never opened on this tablet: the kept shell, showing this document's address.
  await page.goto(`/tablet/${document.id}`);
  await expect(page).toHaveURL(new RegExp(`/tablet/${document.id}$`));
  await expect(page.locator('main h1')).toBeVisible();
});

/** The tablet's collection done online: the driver's approval and the consignor's implicit one. */
async function collectOnline(page: Page, serviceNumber: string) {
  await expect(page.getByRole('heading', { level: 1, name: `Collection · document ${serviceNumber}` })).toBeVisible();
  await page.getByRole('button', { name: 'Approve the hand-over' }).click();
  await expect(page.getByTestId('own-approved')).toBeVisible();
  await page.getByRole('radio', { name: 'Without evidence (implicit)' }).check();
  await page.getByRole('button', { name: 'Record implicit approval' }).click();
  // Done whichever way (issue 31 item 3): the completion shows full screen, then the screen goes on.
  await closeHandoverResult(page, /Collection done/);
  await expect(page.getByTestId('document-status')).toHaveText('In transit');
}

const outboxEntries = (page: Page) => page.getByTestId('outbox').getByRole('listitem');

test('cold start offline: sign on glass and a photo comment are kept over a reload and sent from the list when online', async ({ page, request }) => {
  test.setTimeout(120_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/tablet/${document.id}`)}`);
  await signIn(page, cast.carrier.email, cast.carrier.password);
  await collectOnline(page, document.serviceNumber);
  await page.getByRole('button', { name: 'Approve the hand-over' }).click();
  await expect(page.getByTestId('own-approved')).toBeVisible();
  await page.goto('/tablet');
  await expect(page.getByTestId('transfer-card')).not.toHaveCount(0);
  await keptForOffline(page, ['/tablet', '/respond', '/tablet/shell']);
  // The list copied the documents it shows.
  await expect.poll(() => hasCopy(page, `handOver:${document.id}`)).toBe(true);

  const context = page.context();
  await page.close();
  await context.setOffline(true);
  const tablet = await context.newPage();
  await tablet.goto('/tablet');
  await expect(tablet.getByTestId('offline-banner')).toHaveText('Offline — changes are kept on this tablet and sent when the network is back.');
  await expect(tablet.getByTestId('copy-age')).toContainText('saved on this tablet');
  await tablet.getByTestId('transfer-card').filter({ hasText: document.serviceNumber }).getByRole('link').click();
  await expect(tablet.getByRole('heading', { level: 1, name: `Delivery · document ${document.serviceNumber}` })).toBeVisible();
  await expect(tablet.getByTestId('copy-age')).toContainText('As of');

  await tablet.getByLabel('Comment', { exact: true }).fill('Two boxes wet at the bottom');
  await tablet.getByLabel('Photo (camera)').setInputFiles({ name: 'pallet.png', mimeType: 'image/png', buffer: PHOTO });
  await tablet.getByRole('button', { name: 'Send comment' }).click();
  await tablet.getByRole('radio', { name: 'Signature on this screen' }).check();
  await tablet.getByLabel('Name of the person signing').fill('Bea Berger');
  await drawSignature(tablet);
  await tablet.getByRole('button', { name: 'Save signature and approve' }).click();
  await expect(tablet.getByTestId('outbox-badge')).toHaveAttribute('data-count', '2');
  await expect(tablet.getByTestId('approval-theirs')).toHaveText('Counter party: saved on this tablet, not yet confirmed');
  await expectAccessible(tablet);
  await screenshots(tablet, 'offline-hand-over-offline');

  await tablet.reload();
  await expect(tablet.getByRole('heading', { level: 1, name: `Delivery · document ${document.serviceNumber}` })).toBeVisible();
  await expect(tablet.getByTestId('outbox-badge')).toHaveAttribute('data-count', '2');
  await expect(outboxEntries(tablet).and(tablet.locator('[data-state="waiting"]'))).toHaveCount(2);
  await tablet.goto('/tablet');
  await expect(tablet.getByTestId('transfer-card').filter({ hasText: document.serviceNumber })).toContainText(
    'Counter party: saved on this tablet, not yet confirmed',
  );
  await screenshots(tablet, 'offline-list-offline');

  // Back online on "My transfers": the list's sender drains the outbox; the hand-over page is not opened again.
  await context.setOffline(false);
  await expect(tablet.getByTestId('outbox-badge')).toHaveCount(0, { timeout: 20_000 });
  const final = await readDocument(request, cast.submitter, document.id);
  expect(final.status).toBe('DELIVERED');
  expect(final.comments.map((comment: { text: string }) => comment.text)).toContain('Two boxes wet at the bottom');
  expect(final.approvals.map((approval: { action: string; type: string }) => `${approval.action} ${approval.type}`).sort()).toEqual([
    'COLLECTION IMPLICIT',
    'COLLECTION OWN',
    'DELIVERY OWN',
    'DELIVERY SIGN_ON_GLASS',
  ]);
  await tablet.goto(`/tablet/${document.id}`);
  await expect(tablet.getByRole('img', { name: 'Signature of Bea Berger' })).toBeVisible();
});

test('a double tap on approve while offline queues one entry and records one approval', async ({ page, request }) => {
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/tablet/${document.id}`)}`);
  await signIn(page, cast.carrier.email, cast.carrier.password);
  await expect(page.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Approve the hand-over' }).dblclick();
  await expect(outboxEntries(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Approve the hand-over' })).toBeDisabled();
  await expect(page.getByTestId('outbox-badge')).toHaveAttribute('data-count', '1');
  await page.context().setOffline(false);
  await expect(page.getByTestId('own-approved')).toBeVisible({ timeout: 20_000 });
  const final = await readDocument(request, cast.submitter, document.id);
  expect(final.approvals).toHaveLength(1);
});

test('the consignor’s phone, offline after one signed-in visit, gives a code the offline tablet queues and the server accepts', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN', 'TFA'], delivery: ['SIGN_ON_GLASS'] });
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/tablet/${document.id}`)}`);
  await signIn(page, cast.carrier.email, cast.carrier.password);
  await expect(page.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();
  await keptForOffline(page, ['/tablet', '/tablet/shell']);

  const phoneContext = await browser.newContext({ viewport: SIZES.phone });
  const phone = await phoneContext.newPage();
  await phone.goto('/login?callbackUrl=%2Frespond');
  await signIn(phone, cast.consignor.email, cast.consignor.password);
  await expect(phone.getByTestId('offline-codes')).toHaveText('This device can give codes offline.');
  await keptForOffline(phone, ['/respond']);
  // Nothing of the secret in the page's storage as text: IndexedDB holds it encrypted.
  expect(JSON.stringify(await phone.evaluate(() => ({ ...localStorage })))).not.toContain(cast.consignor.accountSecret);

  await page.context().setOffline(true);
  await phoneContext.setOffline(true);
  await page.reload();
  await phone.reload();
  await expect(phone.getByTestId('offline-banner')).toBeVisible();
  await screenshots(phone, 'offline-respond-offline');

  await page.getByRole('button', { name: 'Approve the hand-over' }).click();
  await page.getByRole('radio', { name: 'Two-factor code' }).check();
  const challenge = (await page.getByTestId('challenge-code').getAttribute('data-code'))!;
  await phone.getByLabel('Challenge code from the carrier').fill(challenge);
  await phone.getByRole('button', { name: 'Get my response code' }).click();
  const code = (await phone.getByTestId('response-code').getAttribute('data-code'))!;
  const s2 = (await readDocument(request, cast.consignor, document.id)).collectionSecrets.s2;
  expect(code).toBe(
    responseCode({ challenge, action: 'COLLECTION', accountNumber: cast.consignor.accountNumber, s2, accountSecret: cast.consignor.accountSecret }),
  );
  await phoneContext.close();

  await page.getByLabel('Response code of the counter party').fill(code);
  await page.getByRole('button', { name: 'Check the code and approve' }).click();
  await expect(page.getByTestId('outbox-badge')).toHaveAttribute('data-count', '2');
  await page.context().setOffline(false);
  // Sent once the network is back: the consignor's code is then shown as the hand-over's result.
  await closeHandoverResult(page, 'confirmed with a two-factor code', { timeout: 20_000 });
  await expect(page.getByTestId('document-status')).toHaveText('In transit');
  const final = await readDocument(request, cast.submitter, document.id);
  expect(final.approvals.map((approval: { type: string }) => approval.type).sort()).toEqual(['OWN', 'TFA']);
});

test('a refused item shows its reason beside its document until dismissed, and the items behind it are sent', async ({ page, request }) => {
  test.setTimeout(90_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN', 'TFA'], delivery: ['SIGN_ON_GLASS'] });
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/tablet/${document.id}`)}`);
  await signIn(page, cast.carrier.email, cast.carrier.password);
  await expect(page.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();
  await keptForOffline(page, ['/tablet', '/tablet/shell']);
  await page.context().setOffline(true);
  await page.getByRole('radio', { name: 'Two-factor code' }).check();
  await page.getByLabel('Response code of the counter party').fill('1'.repeat(24) + verhoeff('1'.repeat(24)));
  await page.getByRole('button', { name: 'Check the code and approve' }).click();
  await page.getByLabel('Comment', { exact: true }).fill('Seal number 4711');
  await page.getByRole('button', { name: 'Send comment' }).click();
  await expect(page.getByTestId('outbox-badge')).toHaveAttribute('data-count', '2');
  await page.goto('/tablet');
  await page.context().setOffline(false);
  const card = page.getByTestId('transfer-card').filter({ hasText: document.serviceNumber });
  // The refusal comes full screen first (issue 31 item 2), on whatever screen the driver is, until acknowledged.
  const refusal = page.getByTestId('refusal-alert');
  await expect(refusal).toContainText("Not accepted: Counter party's approval", { timeout: 20_000 });
  await refusal.getByRole('button', { name: 'Understood' }).click();
  await expect(refusal).toHaveCount(0);
  await expect(card.getByTestId('refused-items')).toContainText("Not accepted: Counter party's approval");
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'offline-list-refused');
  const final = await readDocument(request, cast.submitter, document.id);
  expect(final.comments.map((comment: { text: string }) => comment.text)).toEqual(['Seal number 4711']);
  expect(final.approvals).toEqual([]);
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByTestId('refused-items')).toHaveCount(0);
});

test('two tablets offline from one head each add a comment: both arrive, the document has two heads, the next change names both', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
  const head = (await readDocument(request, cast.submitter, document.id)).previousCommits as string[];
  expect(head).toHaveLength(1);
  const second = await (await browser.newContext({ viewport: SIZES.tablet })).newPage();
  for (const tablet of [page, second]) {
    await tablet.goto(`/login?callbackUrl=${encodeURIComponent(`/tablet/${document.id}`)}`);
    await signIn(tablet, cast.carrier.email, cast.carrier.password);
    await expect(tablet.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();
    await tablet.context().setOffline(true);
  }
  await page.getByLabel('Comment', { exact: true }).fill('Left door dented');
  await page.getByRole('button', { name: 'Send comment' }).click();
  await second.getByLabel('Comment', { exact: true }).fill('Right door scratched');
  await second.getByRole('button', { name: 'Send comment' }).click();
  for (const tablet of [page, second]) await tablet.context().setOffline(false);
  for (const tablet of [page, second]) await expect(tablet.getByTestId('outbox-badge')).toHaveCount(0, { timeout: 20_000 });

  const merged = await readDocument(request, cast.submitter, document.id);
  expect(merged.comments.map((comment: { text: string }) => comment.text).sort()).toEqual(['Left door dented', 'Right door scratched']);
  expect(merged.previousCommits).toHaveLength(2);
  await second.context().close();

  // The next change, made online from the merged view, names both heads.
  await page.reload();
  await expect(page.getByTestId('timeline')).toContainText('Right door scratched');
  await page.getByRole('button', { name: 'Approve the hand-over' }).click();
  await expect(page.getByTestId('own-approved')).toBeVisible();
  const after = await readDocument(request, cast.submitter, document.id);
  expect(after.previousCommits).toHaveLength(1);
  const last = after.updates.at(-1) as { previousCommits: string[] };
  expect([...last.previousCommits].sort()).toEqual([...merged.previousCommits].sort());
});

test('an approval made offline and sent later is dated when it was made; an expired session keeps it and asks for sign-in', async ({ page, request }) => {
  test.setTimeout(90_000);
  const document = await issueWaybill(request, cast, { collection: ['OWN'], delivery: ['SIGN_ON_GLASS'] });
  await page.clock.install();
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/tablet/${document.id}`)}`);
  await signIn(page, cast.carrier.email, cast.carrier.password);
  await expect(page.getByRole('heading', { level: 1, name: `Collection · document ${document.serviceNumber}` })).toBeVisible();
  await page.context().setOffline(true);
  // Contract §6: a change is never dated before the newest commit it names, so the document's last change (its issue)
  // must be older on the server's clock than the 20 seconds the tablet's clock moves on below.
  const issuedAt = Date.parse((await readDocument(request, cast.submitter, document.id)).updates.at(-1).createDateTimeServer);
  await expect.poll(() => Date.now() - issuedAt, { timeout: 30_000 }).toBeGreaterThan(21_000);
  await page.getByRole('button', { name: 'Approve the hand-over' }).click();
  await expect(page.getByTestId('outbox-badge')).toHaveAttribute('data-count', '1');
  await page.clock.fastForward('00:20');
  // The session ended while the tablet was offline.
  await page.context().clearCookies();
  await page.context().setOffline(false);
  const signInAgain = page.getByTestId('sign-in-again');
  await expect(signInAgain).toContainText('Sign in again to send the change waiting on this tablet.', { timeout: 20_000 });
  await expect(page.getByTestId('outbox-badge')).toHaveAttribute('data-count', '1');
  await expectAccessible(page);
  await screenshots(page, 'offline-sign-in-again');
  await signInAgain.getByRole('link', { name: 'Sign in again' }).click();
  await signIn(page, cast.carrier.email, cast.carrier.password);
  await expect(page.getByTestId('own-approved')).toBeVisible({ timeout: 20_000 });
  const [approval] = (await readDocument(request, cast.submitter, document.id)).approvals as { createDateTimeClient: string; createDateTimeServer: string }[];
  const late = Date.parse(approval!.createDateTimeServer) - Date.parse(approval!.createDateTimeClient);
  expect(late).toBeGreaterThanOrEqual(20_000);
  expect(late).toBeLessThan(80_000);
});

test('sign-out removes the phone’s code kit and the local copy from the device', async ({ page }) => {
  await page.goto('/login?callbackUrl=%2Frespond');
  await signIn(page, cast.consignor.email, cast.consignor.password);
  await expect(page.getByTestId('offline-codes')).toHaveText('This device can give codes offline.');
  const stored = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('fds-tablet');
          open.onsuccess = () => {
            const request = open.result.transaction('kits').objectStore('kits').count();
            request.onsuccess = () => resolve(request.result);
          };
          open.onerror = () => resolve(-1);
        }),
    );
  // The encrypted kit of this account.
  expect(await stored()).toBe(1);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await stored()).toBe(0);
});
