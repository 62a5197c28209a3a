/**
 * Findings of issue 7 about what every answer carries and where a browser may be sent: framing and sniffing
 * headers (clickjacking of the consent page), the open redirect through `/login?callbackUrl=` and next-auth's
 * callbackUrl, and attachments served inline without a usable file name. Contract §1, §10.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedDriver, type Account, type Client } from './driver';
import { createDocument, getDocument, PDF_BYTES, validBody } from './documents-support';
import { PortalSession, signedInSession } from './portal-session';

const api = sharedDriver();
let client: Client;
let account: Account;
let portal: PortalSession;

beforeAll(async () => {
  client = await api.createClient({ name: 'HTTP security tests', integration: true, redirectUris: ['https://tms.example/callback'] });
  account = await api.createActiveAccount(client);
  portal = await signedInSession(api, account.email, account.password);
});

function expectFramingRefused(headers: Headers, where: string) {
  expect(headers.get('x-frame-options'), where).toBe('DENY');
  expect(headers.get('content-security-policy'), where).toMatch(/frame-ancestors 'none'/);
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
}

describe('security headers (finding: no X-Frame-Options, frame-ancestors, nosniff or Referrer-Policy anywhere)', () => {
  it('portal pages cannot be framed, the consent page included, and carry a nonce CSP without unsafe-eval', async () => {
    const consent = `/oauth/consent?response_type=code&client_id=${client.clientId}&redirect_uri=${encodeURIComponent('https://tms.example/callback')}&state=s`;
    const signedOut = new PortalSession(api);
    for (const [browser, path] of [
      [signedOut, '/login'],
      [signedOut, '/signup'],
      [portal, '/account'],
      [portal, consent],
    ] as const) {
      const reply = await browser.get(path);
      expect(reply.status, path).toBe(200);
      expectFramingRefused(reply.headers, path);
      const policy = reply.headers.get('content-security-policy')!;
      expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
      expect(policy).not.toMatch(/unsafe-eval|unsafe-inline/);
      // Next.js puts the nonce on its scripts, so the page works under the policy.
      const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
      expect(reply.text).toContain(`nonce="${nonce}"`);
    }
    expect((await portal.get(consent)).text).toContain('Allow access?');
    // Issue 20: prefetches (Next.js's router and the browser's) get the policy too.
    const prefetches: Record<string, string>[] = [{ 'Next-Router-Prefetch': '1', RSC: '1' }, { Purpose: 'prefetch' }];
    for (const headers of prefetches) {
      const prefetched = await signedOut.get('/login', headers);
      expect(prefetched.headers.get('content-security-policy'), JSON.stringify(headers)).toMatch(/frame-ancestors 'none'/);
    }
  });

  it('every API answer carries nosniff and refuses framing, errors and error pages included', async () => {
    const answers = [
      await api.get('/api/heartbeat'),
      await api.get('/v1/api/heartbeat/'),
      await api.get('/api/no/such/path'),
      await api.me('not-a-token'),
      await api.get(`/api/oauth/authorize?client_id=unknown&redirect_uri=x`, { headers: { Accept: 'text/html' } }),
    ];
    for (const reply of answers) {
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('x-frame-options')).toBe('DENY');
      expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    const errorPage = answers.at(-1)!;
    expect(errorPage.status).toBe(400);
    expect(errorPage.headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
  });
});

/** Known open-redirect bypasses: each must stay on this site. */
const BYPASSES = [
  '/..//other.host/x',
  '/.//other.host/x',
  '/%2e%2e//other.host/x',
  '/%2E%2E//other.host/x',
  '/./../..//other.host',
  '//other.host/x',
  '///other.host/x',
  '/\\other.host/x',
  '\\\\other.host/x',
  '/\t/other.host',
  '/%09/other.host',
  'https://other.host/x',
  'http:other.host',
  'javascript:alert(1)',
  ' /x',
  'other.host',
];

describe('safe redirects after sign-in (finding: /login?callbackUrl=/..//other.host/x left the site)', () => {
  it.each(BYPASSES)('signed in, /login?callbackUrl=%s stays on this site', async (bypass) => {
    const reply = await portal.get(`/login?callbackUrl=${encodeURIComponent(bypass)}`);
    expect(reply.status).toBe(307);
    const location = reply.headers.get('location')!;
    const target = new URL(location, api.target.baseUrl);
    expect(target.origin).toBe(api.target.baseUrl);
    expect(location).not.toMatch(/^(\/\/|\/\\|[a-z]+:)/i);
  });

  it('keeps a same-site callback as it is', async () => {
    const reply = await portal.get(`/login?callbackUrl=${encodeURIComponent('/documents?filters=status.eq.ISSUED#top')}`);
    expect(reply.headers.get('location')).toBe('/documents?filters=status.eq.ISSUED#top');
  });

  it('next-auth sends every callbackUrl on another host back to this site (finding: 500)', async () => {
    const person = await api.createActiveAccount(client);
    for (const callbackUrl of ['https://other.host/x', '//other.host/x', '/..//other.host/x']) {
      const browser = new PortalSession(api);
      const signIn = await browser.signIn(person.email, person.password, callbackUrl);
      expect(signIn.status, signIn.text).toBe(200);
      expect(new URL(signIn.body.url).origin).toBe(api.target.baseUrl);
      const page = await browser.get(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
      expect(page.status).toBeLessThan(500);
      const location = page.headers.get('location');
      if (location) expect(new URL(location, api.target.baseUrl).origin).toBe(api.target.baseUrl);
    }
  });
});

describe('attachment downloads (finding: served inline; a Unicode file name always answered 500)', () => {
  it('überweisung_€.pdf downloads with its RFC 6266 name, as an attachment, with nosniff', async () => {
    const { access_token } = await api.login(client, account);
    const id = await createDocument(
      api,
      access_token,
      validBody({ attachments: [{ type: 'GENERAL', originalFileName: 'überweisung_€.pdf', content: PDF_BYTES.toString('base64') }] }),
    );
    const attachmentId = (await getDocument(api, access_token, id)).attachments[0].attachmentId;
    const response = await fetch(`${api.target.baseUrl}/api/attachment/${attachmentId}/content`, { headers: { Authorization: `Bearer ${access_token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = response.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment;/);
    expect(disposition).toContain("filename*=UTF-8''%C3%BCberweisung_%E2%82%AC.pdf");
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
  });
});
