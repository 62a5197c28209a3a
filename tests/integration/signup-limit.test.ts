/**
 * Finding of issue 20 (Medium): the portal's sign-up (tRPC `account.signUp`, no client system) had no limit: 25 of
 * 25 accepted, each mailing attacker text to any address. It is now limited per client address, and a client that
 * writes its own X-Forwarded-For gains nothing unless the operator trusts a proxy (TRUST_PROXY). An IPv6 client is
 * counted by its /64 (contract §1, issue 32).
 *
 * @backends every: the limit is counted in the database, shared by instances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { Driver, serverTarget, startOwnServer } from './driver';

const LIMIT = 3;
let counter = 0;
const signUp = (api: Driver, headers: Record<string, string> = {}) => {
  counter += 1;
  return api.post('/api/trpc/account.signUp', {
    headers,
    json: {
      name: 'Limited',
      email: `limited.${process.pid}.${Date.now()}.${counter}@example.test`,
      password: 'a good long password',
      acceptTermsAndConditions: true,
    },
  });
};

describe('portal sign-ups per client address', () => {
  let server: RunningServer;
  let proxied: RunningServer;
  let api: Driver;
  let behindProxy: Driver;

  beforeAll(async () => {
    [server, proxied] = await Promise.all([
      startOwnServer('signup-limit', { RATE_LIMIT_SIGNUPS_PER_IP: String(LIMIT) }),
      startOwnServer('signup-limit-proxy', { RATE_LIMIT_SIGNUPS_PER_IP: String(LIMIT), TRUST_PROXY: 'true' }),
    ]);
    api = new Driver(serverTarget(server));
    behindProxy = new Driver(serverTarget(proxied));
  }, 180_000);
  afterAll(async () => Promise.all([server?.dispose(), proxied?.dispose()]));

  it(`${LIMIT} sign-ups a window from one address; then 429 1.10 with Retry-After, whatever X-Forwarded-For the client writes`, async () => {
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      const reply = await signUp(api, { 'X-Forwarded-For': `198.51.100.${attempt}` });
      expect(reply.status, reply.text).toBe(200);
    }
    const refused = await signUp(api, { 'X-Forwarded-For': '198.51.100.200' });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('"code":"1.10"');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('with TRUST_PROXY=true the address the proxy appended counts, so two clients behind it are counted apart', async () => {
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await signUp(behindProxy, { 'X-Forwarded-For': '203.0.113.1' })).status).toBe(200);
    expect((await signUp(behindProxy, { 'X-Forwarded-For': '203.0.113.1' })).status).toBe(429);
    // A client's own entry before the proxy's does not make it someone else.
    expect((await signUp(behindProxy, { 'X-Forwarded-For': '192.0.2.50, 203.0.113.1' })).status).toBe(429);
    expect((await signUp(behindProxy, { 'X-Forwarded-For': '203.0.113.2' })).status).toBe(200);
  });

  it('issue 32: an IPv6 client is counted by its /64, so walking through its own prefix gains nothing; the next /64 is apart', async () => {
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      expect((await signUp(behindProxy, { 'X-Forwarded-For': `2001:db8:32:64::${attempt}` })).status).toBe(200);
    }
    expect((await signUp(behindProxy, { 'X-Forwarded-For': '2001:db8:32:64:ffff:ffff:ffff:fffe' })).status).toBe(429);
    expect((await signUp(behindProxy, { 'X-Forwarded-For': '2001:0db8:0032:0064:0:0:0:abcd' })).status).toBe(429);
    expect((await signUp(behindProxy, { 'X-Forwarded-For': '2001:db8:32:65::1' })).status).toBe(200);
  });
});
