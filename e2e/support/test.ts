import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

export { expect };
export type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';

/**
 * Issue 34: "axe: 0 violations of any impact on every portal, tablet, phone and public page the e2e suite visits".
 * Every spec takes `test` from here; its automatic fixture watches every page of every browser context the test opens
 * (its own `page` and the second devices made with `browser.newContext`) and runs axe, all rules, every impact, on the
 * first visit of each route pattern in the run (ids and tokens folded: /documents/:id, /handover/:token). One scan a
 * pattern a run keeps the cost to a few seconds a worker: the first worker to see a pattern claims it for the run (a
 * directory in E2E_AXE_CLAIMS, made by playwright.config.ts; making a directory succeeds in one process only), the
 * others leave it to that one. The states a spec cares about it still checks itself with `expectAccessible`. A test that visits a page with a violation fails, naming the page and the rule. E2E_AXE_LOG=1
 * prints each pattern as it is scanned (or why not).
 */

/**
 * Route patterns this worker need not scan: scanned or being scanned here, or claimed by another worker. A worker is one
 * process, so a module-level set is the worker's.
 */
const scanned = new Set<string>();
/** Route patterns this worker claimed for the run: it scans them, or visits them again after the test that left them. */
const claimed = new Set<string>();

/** Whether this worker scans `pattern`: not done or under way here, and this worker's claim for the run (see above). */
function claim(pattern: string): boolean {
  if (scanned.has(pattern)) return false;
  const claims = process.env.E2E_AXE_CLAIMS;
  if (!claimed.has(pattern) && claims) {
    try {
      fs.mkdirSync(path.join(claims, encodeURIComponent(pattern)));
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      scanned.add(pattern);
      return false;
    }
  }
  claimed.add(pattern);
  scanned.add(pattern);
  return true;
}

/** Gives a claim back (see visitMissed). */
function release(pattern: string) {
  claimed.delete(pattern);
  const claims = process.env.E2E_AXE_CLAIMS;
  if (claims) fs.rmSync(path.join(claims, encodeURIComponent(pattern)), { recursive: true, force: true });
}

/** How long a page may take to settle (its data loaded) before it is scanned as it is. */
const SETTLE_MS = 3_000;

/** An id or token in a path: a UUID, a number, or a long run of letters and digits with at least one digit. */
const VARIABLE_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+|(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{16,})$/i;

/** The route pattern of a URL: its path with ids and tokens folded; undefined for what is no page (the API, files). */
export function routePattern(url: string): string | undefined {
  const { protocol, pathname } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return undefined;
  if (pathname.startsWith('/api/') || pathname.startsWith('/_next/') || /\.[a-z0-9]+$/i.test(pathname) || pathname.endsWith('/receipt')) return undefined;
  return pathname
    .split('/')
    .map((segment) => (VARIABLE_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
}

/** All of axe's rules but the experimental ones (its default), every impact: a finding is a finding. */
async function findings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) => `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

type Outcome = 'scanned' | 'not ours' | 'moved on';

/** axe on the page once it has settled, unless it is no page of the product or the test leaves it first. */
async function scanSettled(page: Page, pattern: string, found: string[]): Promise<Outcome> {
  try {
    await page.waitForLoadState('load', { timeout: SETTLE_MS });
    // The tablet asks for its document's heads every second: the network is quiet between two asks, or not at all.
    await page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => undefined);
    // The product's pages, not the test apps and callbacks some specs serve on other ports.
    const ours = await page.evaluate(() => document.contentType === 'text/html' && document.querySelector('script[src*="/_next/static/"]') !== null);
    if (routePattern(page.url()) !== pattern) return 'moved on';
    if (!ours) return 'not ours';
    const violations = await findings(page);
    if (routePattern(page.url()) !== pattern) return 'moved on';
    if (process.env.E2E_AXE_LOG) console.log(`axe: ${pattern}: ${violations.length} violations`);
    found.push(...violations.map((violation) => `${pattern}: ${violation}`));
    return 'scanned';
  } catch (error) {
    // The test navigated, closed the page or its context during the scan.
    if (process.env.E2E_AXE_LOG) console.log(`axe: ${pattern}: not scanned: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return 'moved on';
  }
}

class AccessibilitySweep {
  private readonly pending = new Set<Promise<void>>();
  readonly found: string[] = [];
  private readonly watched = new WeakSet<Page>();
  /** Patterns the test left before they could be scanned: the URL and the context it was seen in, visited again after the test. */
  private readonly missed = new Map<string, { url: string; context: BrowserContext }>();
  /** A page's scans one after another: axe refuses to start while it runs (a client-side navigation during a scan). */
  private readonly lastScan = new WeakMap<Page, Promise<unknown>>();
  /** While the missed pages are visited again, their own scans are the only ones. */
  private revisiting = false;

  constructor(private readonly testInfo: TestInfo) {}

  watchContext(context: BrowserContext) {
    context.pages().forEach((page) => this.watchPage(page));
    context.on('page', (page) => this.watchPage(page));
  }

  private watchPage(page: Page) {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    page.on('load', () => this.schedule(page));
    // A client-side navigation (a link, router.push) fires no load event.
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.schedule(page);
    });
  }

  private schedule(page: Page) {
    const url = page.url();
    const pattern = routePattern(url);
    if (!pattern || this.revisiting || !claim(pattern)) return;
    const started = Date.now();
    const previous = this.lastScan.get(page) ?? Promise.resolve();
    const outcome = previous.then(() => (routePattern(page.url()) === pattern ? scanSettled(page, pattern, this.found) : ('moved on' as const)));
    this.lastScan.set(page, outcome);
    const scan = outcome
      .then((result) => {
        // The scan ran beside the test on the same two cores: the test gets the time back.
        if (this.testInfo.timeout > 0) this.testInfo.setTimeout(this.testInfo.timeout + (Date.now() - started));
        if (result !== 'moved on') return;
        // Another visit may scan it; if none does, it is visited again after the test.
        scanned.delete(pattern);
        if (!this.missed.has(pattern)) this.missed.set(pattern, { url, context: page.context() });
      })
      .finally(() => this.pending.delete(scan));
    this.pending.add(scan);
  }

  async settled() {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /**
   * The pages the test passed through too fast (a sign-in form filled and sent at once): opened again in the context
   * they were seen in (signed in as then), or, closed by now or led elsewhere, in a fresh one (a public page).
   */
  async visitMissed(browser: Browser) {
    this.revisiting = true;
    for (const [pattern, { url, context }] of this.missed) {
      if (scanned.has(pattern)) continue;
      for (const open of [() => context.newPage(), async () => (await browser.newContext()).newPage()]) {
        const page = await open().catch(() => undefined);
        if (!page) continue;
        try {
          await page.goto(url).catch(() => undefined);
          const outcome = await scanSettled(page, pattern, this.found);
          if (process.env.E2E_AXE_LOG) console.log(`axe: ${pattern}: visited again: ${outcome} (at ${page.url()})`);
          if (outcome === 'moved on') continue;
          scanned.add(pattern);
          break;
        } finally {
          if (page.context() === context) await page.close();
          else await page.context().close();
        }
      }
      // Not scanned here after all: the claim goes back, so that a worker that sees the pattern later scans it.
      if (!scanned.has(pattern)) release(pattern);
    }
  }
}

/**
 * Watches the contexts the test makes itself as well: `browser.newContext` is wrapped for the test's duration (the
 * browser is the worker's, shared by its tests; the original is put back after the test).
 */
function watchNewContexts(browser: Browser, sweep: AccessibilitySweep) {
  const original = browser.newContext;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await original.apply(browser, args);
    sweep.watchContext(context);
    return context;
  };
  return () => {
    browser.newContext = original;
  };
}

async function sweepAccessibility(browser: Browser, context: BrowserContext, testInfo: TestInfo, use: () => Promise<void>) {
  const sweep = new AccessibilitySweep(testInfo);
  sweep.watchContext(context);
  const restore = watchNewContexts(browser, sweep);
  try {
    await use();
  } finally {
    restore();
  }
  await sweep.settled();
  await sweep.visitMissed(browser);
  if (sweep.found.length > 0) await testInfo.attach('axe findings', { body: sweep.found.join('\n'), contentType: 'text/plain' });
  expect(sweep.found, 'axe on the pages this test visited first in the run').toEqual([]);
}

export const test = base.extend<{ accessibilitySweep: void }>({
  // A timeout of its own: the scans of the pages the test left too fast, after it, do not eat into the test's time.
  accessibilitySweep: [async ({ browser, context }, use, testInfo) => sweepAccessibility(browser, context, testInfo, use), { auto: true, timeout: 60_000 }],
});
