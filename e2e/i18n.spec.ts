import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from './support/test';
import { replayCommand, sampleOf, TEST_SEED } from '../tests/support/sampling';
import { startServer, type RunningServer } from '../tests/support/server';
import { createActiveAccount, mailsTo, newPerson } from './support/accounts';
import { admin, basicAuth, createClient, type CreatedClient } from './support/admin';
import { baseURL } from './support/env';
import { WALKED, type Locale } from './support/languages';
import { signIn } from './support/portal';

/**
 * The portal in each of its five languages, switched through the header's language menu: every screen is
 * visited, the page's `lang` follows, no message is missing (next-intl renders `[[i18n …]]` for those, see
 * src/lib/i18n/config.ts) and no line of the English page is left untranslated. Screenshots of the menu, of two
 * screens and the draft panel per language, and of the mailbox, at desktop, tablet and phone size go to
 * test-results/i18n/. The suite's server sends mail (SMTP), so it has no development mailbox: the mailbox's
 * screens are visited on a second server of their own that keeps mail instead.
 *
 * `npm test` walks English and one other language drawn from the run's seed (a different one from run to run; the
 * catalogues' keys, ICU syntax and copies of English are checked for every language by tests/unit/messages.test.ts);
 * `npm run test:i18n` (TEST_FULL=1) walks all five.
 */

const FIRST_OTHER = WALKED.find((locale) => locale !== 'en')!;
const catalogue = (locale: Locale) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'src', 'messages', `${locale}.json`), 'utf8'));
const NAMES = catalogue('en').language.names as Record<Locale, string>;
const SHOTS = path.join(__dirname, '..', 'test-results', 'i18n');
const DESKTOP = { width: 1366, height: 900 };
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  ['1366', DESKTOP],
  ['1024', TABLET],
  ['390', PHONE],
] as const;

interface Screen {
  name: string;
  path: string;
  /** Shown once the screen has loaded what it shows (client screens fetch after the first paint). */
  ready: (page: Page) => Promise<void>;
}

const person = newPerson('i18n');
const redirectUri = `${baseURL}/callback`;
let client: CreatedClient;
// A control that never appears fails the step, not the whole run ten minutes later.
test.use({ actionTimeout: 15_000 });
let documentId: string;
let accessToken: string;

/** Text the test itself put into the service (names, places, goods): the same in every language. */
const DATA = [person.name, person.email, 'Haarlem', 'Lyon', 'Kleine Houtstraat', 'Keep cool', 'Tulip bulbs', 'Crate', 'ORDER-77', 'i18n client'];

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from this pattern
test.afterEach(({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    console.error(
      `[seed] ${testInfo.title}: walked ${WALKED.join(', ')} (seed ${TEST_SEED}). Replay: ${replayCommand('npx playwright test e2e/i18n.spec.ts')}`,
    );
  }
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const visible = (selector: string) => async (page: Page) => expect(page.locator(selector).first()).toBeVisible();

const signedOutScreens: Screen[] = [
  { name: 'home', path: '/', ready: async (page) => expect(heading(page)).toBeVisible() },
  { name: 'sign-in', path: '/login', ready: visible('#login-username') },
  { name: 'sign-up', path: '/signup', ready: visible('#signup-name') },
  { name: 'activation', path: '/activation', ready: async (page) => expect(heading(page)).toBeVisible() },
  { name: 'activation-expired', path: '/activation?error=4.37', ready: visible('.error-summary') },
  { name: 'activation-used', path: '/activation?error=4.39', ready: visible('.banner') },
  { name: 'sign-in-activated', path: '/login?activated=1&error=CredentialsSignin', ready: visible('.error-summary') },
  { name: 'forgot-password', path: '/forgot-password', ready: visible('#forgot-email') },
  { name: 'reset-password', path: '/reset-password', ready: async (page) => expect(heading(page)).toBeVisible() },
  { name: 'terms', path: '/terms', ready: async (page) => expect(heading(page)).toBeVisible() },
  { name: 'not-found', path: '/no-such-page', ready: async (page) => expect(heading(page)).toBeVisible() },
];

const signedInScreens = (): Screen[] => [
  { name: 'dashboard', path: '/', ready: visible('[data-testid="status-counts"]') },
  { name: 'address-book', path: '/address-book', ready: visible('[data-testid="address-book"]') },
  { name: 'search', path: '/documents?q=a', ready: visible('[data-testid="list-count"]') },
  { name: 'account', path: '/account', ready: visible('[data-testid="account-number"]') },
  { name: 'documents', path: '/documents', ready: visible('[data-testid="documents-table"] tbody tr') },
  { name: 'documents-none-match', path: '/documents?status=DELIVERED', ready: visible('[data-testid="empty-state"]') },
  { name: 'new-document', path: '/documents/new', ready: visible('[data-testid="issue-cost"]') },
  { name: 'document', path: `/documents/${documentId}`, ready: visible('[data-testid="history"]') },
  { name: 'document-saved', path: `/documents/${documentId}?saved=draft&issueError=4.41`, ready: visible('[data-testid="issue-cost"]') },
  { name: 'document-missing', path: '/documents/00000000-0000-0000-0000-000000000000', ready: visible('.error-summary') },
  { name: 'edit-document', path: `/documents/${documentId}/edit`, ready: visible('[data-testid="issue-cost"]') },
  {
    name: 'consent',
    path: `/oauth/consent?${new URLSearchParams({ response_type: 'code', client_id: client.clientId, redirect_uri: redirectUri, scope: 'service' })}`,
    ready: visible('.actions button'),
  },
  { name: 'consent-invalid', path: '/oauth/consent?client_id=nobody&redirect_uri=https%3A%2F%2Fexample.test%2F', ready: visible('.error-summary') },
];

/** The page's visible text, line by line, without the e-mails of the development mailbox (they are data). */
async function textLines(page: Page): Promise<string[]> {
  const { text, countries } = await page.evaluate(() => {
    const data = [...document.querySelectorAll<HTMLElement>('.mail-subject, .mail-body, .mail-to')];
    data.forEach((element) => (element.style.display = 'none'));
    const lines = document.body.innerText;
    data.forEach((element) => (element.style.display = ''));
    // Country names (options valued by ISO alpha-3 code) come from Intl.DisplayNames and are often the same in two languages.
    const names = [...document.querySelectorAll<HTMLOptionElement>('option')]
      .filter((option) => /^[A-Z]{3}$/.test(option.value))
      .map((option) => option.text.trim());
    return { text: lines, countries: names };
  });
  const countryNames = new Set(countries);
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .filter((line) => !countryNames.has(line));
}

/** Lines that read as words in a language: at least two words of letters, and not data the test typed in (nor a country named with its code). */
const isProse = (line: string) =>
  (line.match(/\p{L}{2,}/gu) ?? []).length >= 2 &&
  !DATA.some((data) => line.includes(data)) &&
  !line.includes('Freight Document Service') &&
  !/\([A-Z]{3}\)$/.test(line);

async function switchLanguage(page: Page, locale: Locale) {
  await page.getByTestId('language-switch').locator('summary').click();
  await page.getByRole('button', { name: catalogue(locale).language.names[locale], exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** Visits every screen; checks lang, missing messages and, outside English, lines left in English. */
async function visitAll(page: Page, locale: Locale, screens: Screen[], english: Map<string, string[]>, consoleErrors: string[]) {
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.ready(page);
    await expect(page.locator('html'), screen.name).toHaveAttribute('lang', locale);
    const lines = await textLines(page);
    expect(
      lines.filter((line) => line.includes('[[i18n')),
      `${locale} ${screen.name}: missing messages`,
    ).toEqual([]);
    if (locale === 'en') {
      english.set(screen.name, lines.filter(isProse));
      expect(english.get(screen.name)!.length, `${screen.name}: English prose to compare the other languages with`).toBeGreaterThan(0);
    } else {
      const left = english.get(screen.name)!.filter((line) => lines.includes(line));
      expect(left, `${locale} ${screen.name}: lines still in English`).toEqual([]);
    }
  }
  expect(
    consoleErrors.filter((error) => error.includes('[i18n]')),
    `${locale}: translation errors in the browser console`,
  ).toEqual([]);
}

async function newPage(browser: Browser, viewport = DESKTOP, origin = baseURL) {
  const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: origin });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { context, page, consoleErrors };
}

/**
 * The mailbox screens' server (the describe block at the end) starts on a fresh embedded database, which takes seconds
 * of CPU (initdb). Started here, as the file starts, it comes up while the walks below run, instead of in a
 * beforeAll of its own that the run waits for; the block awaits it.
 */
let mailboxStarting: Promise<RunningServer> | undefined;

test.beforeAll(() => {
  mailboxStarting = startServer({ kind: 'pglite', name: 'e2e-i18n-mailbox', env: { SMTP_URL: '' } });
  // A failed start is reported by the block that needs the server (its beforeAll awaits this), not as an unhandled rejection.
  mailboxStarting.catch(() => {});
});

test.afterAll(async () => {
  await (await mailboxStarting?.catch(() => undefined))?.dispose();
});

test.beforeAll(async ({ request }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  client = await createClient({ name: 'E2E i18n client', integration: true, redirectUris: [redirectUri] });
  await createActiveAccount(request, client, person);
  const token = await request.post('/api/oauth/token', {
    headers: { Authorization: basicAuth(client) },
    form: { grant_type: 'password', username: person.email, password: person.password },
  });
  accessToken = ((await token.json()) as { access_token: string }).access_token;
  // A draft with something in every section, so that the document and edit screens show all their labels.
  const created = await request.post('/api/freightdocuments', {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    data: {
      type: 'WAYBILL',
      establishedDate: '2026-11-20',
      establishedPlace: 'Haarlem',
      consignor: {
        name: 'Haarlem Bloemen BV',
        streetName: 'Kleine Houtstraat',
        buildingNumber: '1',
        postalCode: '2011',
        cityName: 'Haarlem',
        countryCode: 'NLD',
      },
      consignee: { name: 'Lyon Fleurs SARL', cityName: 'Lyon', countryCode: 'FRA', submittedAccountEmailAddress: `invitee-${person.email}` },
      placeOfTakingOver: { name: 'Haarlem Bloemen BV', countryCode: 'NLD' },
      estimatedDateTimeOfTakingOver: '2026-11-24T07:30:00Z',
      reimbursementAmount: 1250.5,
      reimbursementCurrency: 'EUR',
      senderInstructions: 'Keep cool',
      structuredGoods: [
        { name: 'Tulip bulbs', numberOfPackages: 12, methodOfPackaging: 'Crate', weight: 1480.5, weightUnit: 'KILOGRAM', ssccCode: '123456789012345678' },
      ],
      references: [{ name: 'Order', value: 'ORDER-77' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  documentId = ((await created.json()) as { freightDocumentId: string }).freightDocumentId;
});

test('every screen in every language, switched in the header, with no untranslated text', async ({ browser }) => {
  test.setTimeout(600_000);
  const english = new Map<string, string[]>();
  const signedOut = await newPage(browser);
  const signedIn = await newPage(browser);
  await signedIn.page.goto('/login');
  await signIn(signedIn.page, person.email, person.password);
  await expect(signedIn.page).toHaveURL(/\/$/);

  for (const locale of WALKED) {
    for (const { page, consoleErrors } of [signedOut, signedIn]) {
      await page.goto('/');
      await switchLanguage(page, locale);
      // The switch keeps the address: the portal's URLs carry no language.
      expect(new URL(page.url()).pathname).toBe('/');
      await visitAll(page, locale, page === signedOut.page ? signedOutScreens : signedInScreens(), english, consoleErrors);
    }
  }
  await signedOut.context.close();
  await signedIn.context.close();
});

test('screenshots: the language menu, and two screens per language on a desktop, a tablet and a phone', async ({ browser }) => {
  test.setTimeout(300_000);
  // A layout walk (issue 18's sampling): one size drawn from the seed in `npm test`, all three under test:full / test:i18n.
  for (const [size, viewport] of sampleOf(SIZES, 1, 'i18n-screenshots')) {
    const { context, page } = await newPage(browser, viewport);
    await page.goto('/login');
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/$/);
    await page.getByTestId('language-switch').locator('summary').click();
    await expect(page.getByRole('button', { name: NAMES.pl, exact: true })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `menu-${size}.png`) });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: NAMES.pl, exact: true })).toBeHidden();
    for (const locale of WALKED) {
      await switchLanguage(page, locale);
      await page.goto(`/documents/${documentId}`);
      await expect(page.getByTestId('history')).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `document-${locale}-${size}.png`), fullPage: size === '390' ? false : true });
      const panel = page.locator('.actions-panel');
      await expect(panel.getByRole('button', { name: catalogue(locale).documents.actions.issueButton })).toBeVisible();
      await panel.screenshot({ path: path.join(SHOTS, `draft-panel-${locale}-${size}.png`) });
      if (locale === FIRST_OTHER) {
        await panel.getByRole('button', { name: catalogue(locale).documents.actions.cancelButton }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `cancel-dialog-${locale}-${size}.png`) });
        await page.getByRole('button', { name: catalogue(locale).documents.actions.keep }).click();
        await expect(page.getByRole('dialog')).toBeHidden();
      }
      await page.goto('/documents/new');
      await expect(page.getByTestId('issue-cost')).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `new-document-${locale}-${size}.png`) });
    }
    await context.close();
  }
});

test('the browser’s language decides until the switch is used; the switch works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE', baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/signup');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(heading(page)).toHaveText(catalogue('de').signup.title);
  // Without JavaScript the menu is a plain disclosure and a form post to the same address.
  await page.getByTestId('language-switch').locator('summary').click();
  await page.getByRole('button', { name: NAMES.fr, exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(heading(page)).toHaveText(catalogue('fr').signup.title);
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await context.close();
});

test('dates follow the zone of their place (else the reader’s) and the language, 24-hour', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/New_York', baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/documents/${documentId}`);
  // The taking over at 07:30 UTC belongs to a place in the Netherlands: 08:30 CET there, for a reader in New York too
  // (decision 0027). English is English as used in Europe: 24-hour.
  await expect(page.getByText('24 Nov 2026, 08:30 CET')).toBeVisible();
  // A time of no place (the last change) is in the reader's zone.
  await expect(page.getByText(/^\d{1,2} \w{3} 2026, \d{2}:\d{2} GMT-5$/).first()).toBeVisible();
  await switchLanguage(page, 'de');
  await expect(page.getByText('24. Nov. 2026, 08:30 MEZ')).toBeVisible();
  await context.close();
});

test('the preferred language on the account page switches the portal and writes the account’s e-mails', async ({ browser, request }) => {
  const reader = newPerson('i18n-reader');
  const { accountNumber } = await createActiveAccount(request, client, reader);
  const context = await browser.newContext({ locale: 'en-US', baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, reader.email, reader.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await page.getByLabel('Preferred language').selectOption('de');
  await page.getByRole('button', { name: 'Save language' }).click();
  await expect(page.getByRole('status').filter({ hasText: catalogue('de').account.language.saved })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(heading(page)).toHaveText(catalogue('de').account.title);
  await page.reload();
  await expect(page.getByLabel(catalogue('de').account.language.label)).toHaveValue('de');

  // Named as consignee by someone writing in English: the mail to this account is in German.
  const named = await request.post('/api/freightdocuments', {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    data: {
      type: 'WAYBILL',
      consignor: { name: 'Haarlem Bloemen BV', countryCode: 'NLD' },
      consignee: { name: 'Reader GmbH', countryCode: 'DEU', submittedAccountNumber: accountNumber },
      placeOfTakingOver: { name: 'Haarlem Bloemen BV', countryCode: 'NLD' },
      goods: 'Tulip bulbs',
    },
  });
  expect(named.status(), await named.text()).toBe(201);
  // As the reader receives it (the SMTP sink); the activation mail came first, so wait for this one.
  await expect
    .poll(async () => (await mailsTo(reader.email)).map((mail) => mail.subject).find((subject) => subject.startsWith('Frachtbrief')), { timeout: 15_000 })
    .toMatch(/^Frachtbrief \d{12}: Sie sind als Empfänger angegeben$/);
  await context.close();
});

test.describe('the development mailbox, on a partner server that keeps mail instead of sending it', () => {
  let mailboxServer: RunningServer;
  const holder = newPerson('i18n-mailbox');

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    mailboxServer = await mailboxStarting!;
  });

  test('sign up in German, told where the activation mail is; the operator activates, and the mailbox in every language', async ({ browser }) => {
    test.setTimeout(300_000);
    const { context, page, consoleErrors } = await newPage(browser, DESKTOP, mailboxServer.baseUrl);
    await page.goto('/signup');
    await switchLanguage(page, 'de');
    await page.locator('#signup-name').fill(holder.name);
    await page.locator('#signup-email').fill(holder.email);
    await page.locator('#signup-password').fill(holder.password);
    await page.locator('#signup-acceptTermsAndConditions').check();
    await page.getByRole('button', { name: catalogue('de').signup.submit }).click();
    // Where mail stays on the server, the confirmation says where the activation mail is (issue 19) and, since nobody may
    // open that mailbox before proving an address, the operator's exact activation command (issue 34 item 3).
    const done = page.locator('.panel-success');
    await expect(done.getByRole('link', { name: 'Postfach (/dev/mailbox)' })).toHaveAttribute('href', '/dev/mailbox');
    await expect(done.locator('code').filter({ hasText: 'account:activate' })).toContainText(holder.email);
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: path.join(SHOTS, `signup-done-de-${size}.png`), fullPage: true });
    }
    await page.setViewportSize(DESKTOP);

    await admin(['account:activate', '--email', holder.email], { dataDir: mailboxServer.dataDir!, port: mailboxServer.port });
    await page.goto('/login');
    await switchLanguage(page, 'en');
    await signIn(page, holder.email, holder.password);
    await expect(page).toHaveURL(/\/$/);
    const mailbox: Screen = { name: 'mailbox', path: '/dev/mailbox', ready: visible('.mail') };
    const english = new Map<string, string[]>();
    for (const locale of WALKED) {
      await switchLanguage(page, locale);
      await visitAll(page, locale, [mailbox], english, consoleErrors);
    }
    // The activation mail, written in the language of the sign-up form.
    await expect(page.locator('.mail-subject').first()).toHaveText(catalogue('de').mail.activation.subject);

    await switchLanguage(page, 'de');
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.goto('/dev/mailbox');
      await expect(page.locator('.mail').first()).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `mailbox-de-${size}.png`), fullPage: true });
    }
    await context.close();
  });
});
