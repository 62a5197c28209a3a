/**
 * Finding of issue 20 (Low): in production with an https PUBLIC_URL and no NEXTAUTH_URL, the session cookie lacked
 * `Secure` and the `__Secure-` prefix, and there was no HSTS. next-auth now takes its address from PUBLIC_URL, and
 * every answer carries Strict-Transport-Security under https. A production-mode server of its own (plain http on
 * loopback behind the https address it is told it has, as behind a TLS proxy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { Driver, serverTarget, startOwnServer } from './driver';
import { PortalSession } from './portal-session';

let server: RunningServer;
let api: Driver;

beforeAll(async () => {
  server = await startOwnServer('https-session', {
    APP_ENV: 'production',
    APP_SECRET: 'https-session-test-app-secret-0123456789',
    PUBLIC_URL: 'https://fds.example.test',
    NEXTAUTH_URL: '',
  });
  api = new Driver(serverTarget(server));
}, 180_000);
afterAll(async () => server?.dispose());

const HSTS = /^max-age=\d{8,}; includeSubDomains$/;

describe('under an https PUBLIC_URL', () => {
  it('portal cookies are Secure and __Secure-/__Host- prefixed, and a session works with them', async () => {
    const client = await api.createClient({ name: 'Https' });
    const account = await api.createActiveAccount(client);
    const csrf = await fetch(`${server.baseUrl}/api/auth/csrf`);
    const csrfCookies = csrf.headers.getSetCookie();
    expect(csrfCookies.some((line) => /^__Host-next-auth\.csrf-token=/.test(line) && /;\s*Secure/i.test(line))).toBe(true);

    const portal = new PortalSession(api);
    const signedIn = await portal.signIn(account.email, account.password);
    expect(signedIn.status, signedIn.text).toBe(200);
    const session = signedIn.headers.getSetCookie().find((line) => line.includes('next-auth.session-token='));
    expect(session).toMatch(/^__Secure-next-auth\.session-token=/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(await portal.accountId()).toBe(account.accountId);
  });

  it('API answers, tRPC answers and pages carry Strict-Transport-Security', async () => {
    for (const path of ['/api/heartbeat', '/api/freightdocuments', '/api/trpc/account.me', '/api/auth/csrf', '/login']) {
      const reply = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
      expect(reply.headers.get('strict-transport-security'), path).toMatch(HSTS);
    }
  });
});
