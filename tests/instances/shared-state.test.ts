/**
 * What two instances on one PostgreSQL must agree on (issue 13): the requests of a test really alternate; lockout
 * counters, service numbers, the job queue, idempotency keys and the instance-wide APP_SECRET default are shared.
 * Each check sends its requests straight to both instances (`instanceUrls`), not only through the balancer.
 * Credits and rate limits need production settings: a pair of their own below.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jobsSettled } from '../support/job-table';
import { startInstancePair, type InstancePair } from '../support/instances';
import { validBody } from '../integration/documents-support';
import { Driver, expectError, sharedDriver, sharedTarget, uniqueEmail, type Account, type Client } from '../integration/driver';
import { signedInSession } from '../integration/portal-session';

const balanced = sharedDriver();
const direct = inject('instanceUrls').map((baseUrl) => new Driver({ ...sharedTarget(), baseUrl }));
const [first, second] = direct as [Driver, Driver];

let client: Client;

beforeAll(async () => {
  expect(direct).toHaveLength(2);
  client = await balanced.createClient({ name: 'Two instances' });
});

const login = async (account: Account) => (await balanced.login(client, account)).access_token;

describe('two instances on one PostgreSQL', () => {
  it('the balancer alternates requests between them, also on one kept-alive connection', async () => {
    const served: string[] = [];
    for (let i = 0; i < 6; i += 1) served.push((await balanced.get('/api/heartbeat')).headers.get('x-test-instance')!);
    for (let i = 1; i < served.length; i += 1) expect(served[i]).not.toBe(served[i - 1]);
    expect(new Set(served)).toEqual(new Set(['0', '1']));
  });

  it('share the login lockout: failures on either count together, and the lock holds on both', async () => {
    const account = await balanced.createActiveAccount(client);
    for (let i = 0; i < 5; i += 1) expect((await direct[i % 2]!.passwordGrant(client, account.email, 'wrong password')).status).toBe(400);
    for (const instance of direct) {
      const locked = await instance.passwordGrant(client, account.email, account.password);
      expectError(locked, 400, '1.7');
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('hand out unique, gap-free service numbers to creations on both at once', async () => {
    const token = await login(await balanced.createActiveAccount(client));
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => direct[i % 2]!.post('/api/freightdocuments', { bearer: token, json: validBody() })));
    for (const reply of replies) expect(reply.status, reply.text).toBe(201);
    const numbers = await Promise.all(
      replies.map(async (reply, i) =>
        Number((await direct[(i + 1) % 2]!.get(`/api/freightdocuments/${reply.body.freightDocumentId}`, { bearer: token })).body.serviceNumber),
      ),
    );
    expect(new Set(numbers).size).toBe(20);
    // This file's creations are the only ones running: the 20 numbers are consecutive.
    expect(Math.max(...numbers) - Math.min(...numbers)).toBe(19);
  });

  it('share one job queue: 20 sign-ups on both get exactly one activation mail each', async () => {
    const emails = Array.from({ length: 20 }, () => uniqueEmail('queue'));
    const replies = await Promise.all(emails.map((email, i) => direct[i % 2]!.signUp(client, { email })));
    for (const { reply } of replies) expect(reply.status, reply.text).toBe(201);
    for (const email of emails) await balanced.mailsTo(email, 1);
    await jobsSettled(balanced.target, ['mail.send']);
    for (const email of emails) expect(await balanced.mailsTo(email, 1)).toHaveLength(1);
  });

  it('share idempotency keys: four concurrent creates with one key, two on each, make one document', async () => {
    const token = await login(await balanced.createActiveAccount(client));
    const key = crypto.randomUUID();
    const replies = await Promise.all(
      [first, second, first, second].map((instance) =>
        instance.post('/api/freightdocuments', { bearer: token, json: validBody(), headers: { 'Idempotency-Key': key } }),
      ),
    );
    for (const reply of replies) expect(reply.status, reply.text).toBe(201);
    expect(new Set(replies.map((reply) => reply.body.freightDocumentId)).size).toBe(1);
    expect(replies.filter((reply) => reply.headers.get('idempotency-replayed') === 'true')).toHaveLength(3);
    expect((await second.get('/api/freightdocuments', { bearer: token })).body.total).toBe(1);
  });

  it('share the generated APP_SECRET: the account secret and a portal session are the same on both', async () => {
    const account = await balanced.createActiveAccount(client);
    const [onFirst, onSecond] = [await first.login(client, account), await second.login(client, account)];
    expect(onSecond.accountSecret).toBe(onFirst.accountSecret);
    expect(onFirst.accountSecret).toMatch(/^\d{64}$/);

    // Signed in on one, the session cookie works on the other (NEXTAUTH_SECRET unset: derived from APP_SECRET).
    const portal = await signedInSession(first, account.email, account.password);
    const me = await portal.on(second).trpcQuery('account.me');
    expect(me.status, me.text).toBe(200);
    expect(me.body.result.data.accountId).toBe(account.accountId);
  });
});

describe('two production instances (credits and rate limits)', () => {
  let pair: InstancePair;
  let instances: Driver[];

  beforeAll(async () => {
    pair = await startInstancePair({
      name: 'production-pair',
      adminDatabaseUrl: inject('adminDatabaseUrl'),
      env: { ...inject('serverEnv'), APP_ENV: 'production', APP_SECRET: 'two-instances-production-secret-0123', RATE_LIMIT_WRITES_PER_ACCOUNT: '40' },
    });
    instances = pair.instances.map((instance) => new Driver({ baseUrl: instance.baseUrl, adminEnv: pair.adminEnv, mailDir: inject('mailDir') }));
  }, 120_000);

  afterAll(async () => pair?.dispose());

  it('20 concurrent issues on both with 5 credits issue exactly 5 and charge exactly 5', async () => {
    const api = instances[0]!;
    const productionClient = await api.createClient({ name: 'Production pair' });
    const account = await api.createActiveAccount(productionClient);
    expect((await api.admin(['credits:add', '--account', account.accountNumber, '--amount', '5'])).code).toBe(0);
    const token = (await api.login(productionClient, account)).access_token;
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1)
      ids.push((await instances[i % 2]!.post('/api/freightdocuments', { bearer: token, json: validBody() })).body.freightDocumentId);
    const issued = await Promise.all(ids.map((id, i) => instances[i % 2]!.post(`/api/freightdocuments/${id}/issue`, { bearer: token })));
    expect(issued.filter((reply) => reply.status === 200)).toHaveLength(5);
    const refused = issued.filter((reply) => reply.status !== 200);
    expect(refused).toHaveLength(15);
    for (const reply of refused) expectError(reply, 409, '4.41');
    for (const instance of instances) expect((await instance.me(token)).body.credits).toBe(0);
  });

  it('count one rate limit across both: the 41st write of an account is 429 on whichever instance', async () => {
    const api = instances[1]!;
    const productionClient = await api.createClient({ name: 'Rate-limited pair' });
    const token = (await api.login(productionClient, await api.createActiveAccount(productionClient))).access_token;
    for (let i = 0; i < 40; i += 1) {
      const reply = await instances[i % 2]!.post('/api/freightdocuments', { bearer: token, json: validBody() });
      expect(reply.status, reply.text).toBe(201);
    }
    for (const instance of instances) expectError(await instance.post('/api/freightdocuments', { bearer: token, json: validBody() }), 429, '1.10');
  });
});
