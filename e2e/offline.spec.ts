/**
 * The offline-first tablet (issue 21), at 1024×768 with `context.setOffline(true)`: the installable app (manifest and
 * service worker, built by `next build` and served by `next start`) opens, reloads and moves between its screens with
 * no network after one online visit.
 */
import { expect, test, type Page } from '@playwright/test';
import { createClient, type CreatedClient } from './support/admin';
import { signIn } from './support/portal';
import { issueWaybill, person, SIZES, type Person } from './support/tablet';

test.use({ timezoneId: 'UTC', viewport: SIZES.tablet });

let client: CreatedClient;
let cast: { submitter: Person; consignor: Person; consignee: Person; carrier: Person };

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  client = await createClient({ name: 'E2E offline' });
  cast = {
    submitter: await person(request, client, 'submitter'),
    consignor: await person(request, client, 'consignor'),
    consignee: await person(request, client, 'consignee'),
    carrier: await person(request, client, 'carrier'),
  };
});

/** Waits until the service worker controls the page and has kept `paths` for offline use. */
async function keptForOffline(page: Page, paths: string[]) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 20_000 });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open('offline-screens');
          return (await cache.keys()).map((request) => new URL(request.url).pathname);
        }),
      { timeout: 20_000 },
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
