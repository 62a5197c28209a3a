/**
 * Subscriptions and webhook delivery over the REST API (issue 10, spec §6, contract §11), against a real
 * receiver that verifies every request with the standardwebhooks library. A server of this file's own allows
 * private networks (the receiver listens on 127.0.0.1) and retries after 300 ms; the shared server, which does
 * not, shows the 4.14 refusal of private addresses.
 *
 * @backends every: deliveries are jobs of the database-backed queue.
 */
import { spawn } from 'node:child_process';
import path_ from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT, type RunningServer } from '../support/server';
import { jobsSettled, TEST_METRICS_TOKEN } from '../support/job-table';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { expectErrors, validBody } from './documents-support';
import { Driver, serverTarget, sharedDriver, startOwnServer, type Account, type Client } from './driver';

const RETRY_DELAYS_MS = [300, 300];
let server: RunningServer;
let api: Driver;
let receiver: WebhookReceiver;
const people: Record<'submitter' | 'carrier' | 'delegate' | 'outsider', Account & { token: string }> = {} as never;
type Who = keyof typeof people;
let hookCount = 0;

const documentPath = (id: string) => `/api/freightdocuments/${id}/subscriptions`;
const ACCOUNT_PATH = '/api/accounts/users/me/subscriptions';

/** Subscribes `who` at `collection` to a new receiver path, registering the secret with the receiver. */
async function subscribe(who: Who, collection: string) {
  const path = `/hook-${++hookCount}`;
  const reply = await api.post(collection, { bearer: people[who].token, json: { callbackUrl: `${receiver.url(path)}?key=k${hookCount}` } });
  expect(reply.status, reply.text).toBe(201);
  receiver.secretFor(path, reply.body.signingSecret);
  return { path, subscriptionId: reply.body.subscriptionId as string, reply };
}

async function newDocument(status: 'DRAFT' | 'ISSUED' = 'DRAFT') {
  const reply = await api.post('/api/freightdocuments', {
    bearer: people.submitter.token,
    json: validBody({ status, carrier: { name: 'Fast Trucks', submittedAccountNumber: people.carrier.accountNumber } }),
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.freightDocumentId as string;
}

async function deliveryLog(collection: string, subscriptionId: string, who: Who = 'submitter') {
  const reply = await api.get(`${collection}/${subscriptionId}/deliveries`, { bearer: people[who].token });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.deliveries as {
    deliveryId: string;
    webhookId: string;
    event: { freightDocumentId: string; status: string };
    attempts: any[];
    state: string;
  }[];
}

/** Waits until the delivery log shows every delivery in a final state. */
async function settled(collection: string, subscriptionId: string, count: number, who: Who = 'submitter') {
  return vi.waitFor(
    async () => {
      const log = await deliveryLog(collection, subscriptionId, who);
      if (log.length < count || log.some((delivery) => delivery.state === 'PENDING')) throw new Error(`deliveries not settled: ${JSON.stringify(log)}`);
      return log;
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** Nothing more arrives: every delivery job has ended (delivered or given up), so none can send again. */
const deliveriesSettled = () => jobsSettled(server, ['webhook.deliver']);

function bodies(path: string) {
  return receiver.to(path).map((request) => JSON.parse(request.body) as { freightDocumentId: string; status: string });
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startOwnServer('webhooks', {
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RETRY_DELAYS_MS: RETRY_DELAYS_MS.join(','),
    // Retries fall due after these delays: the worker looks for them every 100 ms (global-setup.ts).
    JOB_POLL_INTERVAL_MS: '100',
    // The job table is read through /api/metrics (PGlite: only the server may open its DATA_DIR).
    METRICS_TOKEN: TEST_METRICS_TOKEN,
  });
  api = new Driver(serverTarget(server));
  const client: Client = await api.createClient({ name: 'Webhook tests' });
  for (const who of ['submitter', 'carrier', 'delegate', 'outsider'] as Who[]) {
    const account = await api.createActiveAccount(client, { name: `The ${who}` });
    people[who] = { ...account, token: (await api.login(client, account)).access_token };
  }
});

afterAll(async () => {
  await server?.dispose();
  await receiver?.close();
});

describe('subscription endpoints', () => {
  for (const kind of ['document', 'account'] as const) {
    it(`per ${kind}: 201 with the secret once, list, delete, and every code`, async () => {
      const documentId = await newDocument();
      const collection = kind === 'document' ? documentPath(documentId) : ACCOUNT_PATH;
      const { subscriptionId, reply } = await subscribe('submitter', collection);
      expect(reply.body).toEqual({
        subscriptionId,
        callbackUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/hook-\d+\?key=k\d+$/),
        signingSecret: expect.stringMatching(/^whsec_/),
      });
      expect(reply.headers.get('location')).toBe(`${collection}/${subscriptionId}`);
      expect(reply.headers.get('cache-control')).toBe('no-store');

      const listed = await api.get(collection, { bearer: people.submitter.token });
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({
        subscriptions: [
          {
            subscriptionId,
            callbackUrl: reply.body.callbackUrl,
            freightDocumentId: kind === 'document' ? documentId : null,
            createdAt: expect.stringMatching(/Z$/),
          },
        ],
      });
      expect(listed.text).not.toContain('whsec_');
      if (kind === 'document') {
        expect((await api.get(`/api/freightdocuments/${documentId}`, { bearer: people.submitter.token })).body.subscriptionCount).toBe(1);
        expect((await api.get(`/api/freightdocuments/${documentId}`, { bearer: people.carrier.token })).body.subscriptionCount).toBe(0);
        expectErrors(await api.post(collection, { bearer: people.outsider.token, json: { callbackUrl: receiver.url('/x') } }), 404, [{ code: '4.47' }]);
        expectErrors(await api.get(collection, { bearer: people.outsider.token }), 404, [{ code: '4.47' }]);
        expectErrors(await api.post(documentPath('no-such-document'), { bearer: people.submitter.token, json: { callbackUrl: receiver.url('/x') } }), 404, [
          { code: '4.47' },
        ]);
      } else {
        expect((await api.get(collection, { bearer: people.outsider.token })).body).toEqual({ subscriptions: [] });
      }

      const post = (json: unknown) => api.post(collection, { bearer: people.submitter.token, json });
      expectErrors(await post({}), 400, [{ code: '3.1', field: 'callbackUrl' }]);
      expectErrors(await post({ callbackUrl: 42 }), 400, [{ code: '3.17', field: 'callbackUrl' }]);
      for (const callbackUrl of ['ftp://127.0.0.1/hook', '127.0.0.1/hook', 'http://', `http://127.0.0.1/${'a'.repeat(255 - 'http://127.0.0.1/'.length + 1)}`]) {
        expectErrors(await post({ callbackUrl }), 400, [{ code: '4.14', field: 'callbackUrl' }]);
      }
      // 255 characters is allowed.
      const longest = await post({ callbackUrl: `http://127.0.0.1/${'a'.repeat(255 - 'http://127.0.0.1/'.length)}` });
      expect(longest.status, longest.text).toBe(201);
      for (let i = 2; i < 10; i += 1) expect((await post({ callbackUrl: receiver.url(`/many-${i}`) })).status).toBe(201);
      expectErrors(await post({ callbackUrl: receiver.url('/eleventh') }), 409, [{ code: '4.15' }]);

      expectErrors(await api.request('DELETE', `${collection}/no-such-subscription`, { bearer: people.submitter.token }), 404, [{ code: '4.1' }]);
      // Another account's subscription is not found either.
      expectErrors(await api.request('DELETE', `${collection}/${subscriptionId}`, { bearer: people.carrier.token }), 404, [{ code: '4.1' }]);
      expectErrors(await api.get(`${collection}/${subscriptionId}/deliveries`, { bearer: people.carrier.token }), 404, [{ code: '4.1' }]);
      expectErrors(await api.post(`${collection}/${subscriptionId}/test`, { bearer: people.carrier.token }), 404, [{ code: '4.1' }]);
      const deleted = await api.request('DELETE', `${collection}/${subscriptionId}`, { bearer: people.submitter.token });
      expect(deleted.status, deleted.text).toBe(204);
      expectErrors(await api.request('DELETE', `${collection}/${subscriptionId}`, { bearer: people.submitter.token }), 404, [{ code: '4.1' }]);
      expect((await post({ callbackUrl: receiver.url('/tenth-again') })).status).toBe(201);
      expectErrors(await api.get(collection), 401, [{ code: '1.8' }]);
      expectErrors(await api.request('PUT', collection, { bearer: people.submitter.token, json: {} }), 405, [{ code: '2.5' }]);
      // Clean up: account-wide subscriptions would otherwise hear the other tests' documents.
      for (const subscription of (await api.get(collection, { bearer: people.submitter.token })).body.subscriptions) {
        expect((await api.request('DELETE', `${collection}/${subscription.subscriptionId}`, { bearer: people.submitter.token })).status).toBe(204);
      }
    });
  }

  it('refuses callback URLs on loopback, private and link-local addresses unless allowed (4.14)', async () => {
    const shared = sharedDriver();
    const client = await shared.createClient({ name: 'Private network tests' });
    const account = await shared.createActiveAccount(client);
    const token = (await shared.login(client, account)).access_token;
    for (const callbackUrl of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.0.0.7/hook',
      'http://192.168.1.20/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://0x7f000001/hook',
    ]) {
      const refused = await shared.post(ACCOUNT_PATH, { bearer: token, json: { callbackUrl } });
      expectErrors(refused, 400, [{ code: '4.14', field: 'callbackUrl' }]);
      // The description says why (the address), not the length and scheme of the form rule.
      expect(refused.body.errors[0].description).toMatch(/loopback, private or link-local/);
      expect(refused.body.errors[0].description).toMatch(/WEBHOOK_ALLOW_PRIVATE_NETWORKS/);
    }
    // A public address is accepted (nothing is sent: no status change follows).
    const accepted = await shared.post(ACCOUNT_PATH, { bearer: token, json: { callbackUrl: 'https://93.184.215.14/hook' } });
    expect(accepted.status, accepted.text).toBe(201);
    await shared.request('DELETE', `${ACCOUNT_PATH}/${accepted.body.subscriptionId}`, { bearer: token });
  });
});

describe('delivery', () => {
  it('one signed delivery per status change to every subscriber that holds a role, delegates included; the log shows it', async () => {
    const delegation = await api.post('/api/accounts/users/me/delegates', {
      bearer: people.carrier.token,
      json: { role: 'CARRIER', accountNumberOfDelegatee: people.delegate.accountNumber },
    });
    expect(delegation.status).toBe(201);
    const submitter = await subscribe('submitter', ACCOUNT_PATH);
    const delegate = await subscribe('delegate', ACCOUNT_PATH);
    const outsider = await subscribe('outsider', ACCOUNT_PATH);

    const issuedLater = await newDocument('DRAFT');
    const perDocument = await subscribe('carrier', documentPath(issuedLater));
    const issuedAtOnce = await newDocument('ISSUED');
    const cancelled = await newDocument('DRAFT');
    expect((await api.post(`/api/freightdocuments/${issuedLater}/issue`, { bearer: people.submitter.token })).status).toBe(200);
    expect((await api.post(`/api/freightdocuments/${cancelled}/cancel`, { bearer: people.submitter.token })).status).toBe(200);

    const expected = [
      { freightDocumentId: issuedAtOnce, status: 'ISSUED' },
      { freightDocumentId: issuedLater, status: 'ISSUED' },
      { freightDocumentId: cancelled, status: 'CANCELLED' },
    ];
    await receiver.waitFor(submitter.path, 3);
    await receiver.waitFor(delegate.path, 3);
    await receiver.waitFor(perDocument.path, 1);
    // Nothing more arrives: exactly one delivery per change, once no delivery job is left.
    await settled(ACCOUNT_PATH, submitter.subscriptionId, 3);
    await settled(ACCOUNT_PATH, delegate.subscriptionId, 3, 'delegate');
    await settled(documentPath(issuedLater), perDocument.subscriptionId, 1, 'carrier');
    await deliveriesSettled();
    const sorted = (list: { freightDocumentId: string; status: string }[]) =>
      [...list].sort((a, b) => (a.freightDocumentId + a.status).localeCompare(b.freightDocumentId + b.status));
    expect(sorted(bodies(submitter.path))).toEqual(sorted(expected));
    expect(sorted(bodies(delegate.path))).toEqual(sorted(expected));
    expect(bodies(perDocument.path)).toEqual([{ freightDocumentId: issuedLater, status: 'ISSUED' }]);
    expect(receiver.to(outsider.path)).toEqual([]);

    for (const request of [...receiver.to(submitter.path), ...receiver.to(delegate.path), ...receiver.to(perDocument.path)]) {
      expect(request.verified).toBe(true);
      expect(request.headers['content-type']).toBe('application/json;charset=UTF-8');
      expect(request.body).toMatch(/^\{"freightDocumentId":"[^"]+","status":"[A-Z]+"\}$/);
      expect(request.headers['webhook-id']).toMatch(/^msg_/);
      expect(Number(request.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60);
    }

    const log = await settled(ACCOUNT_PATH, submitter.subscriptionId, 3);
    expect(log.map((delivery) => delivery.event)).toEqual([...expected].reverse());
    for (const delivery of log) {
      expect(delivery).toEqual({
        deliveryId: expect.any(String),
        webhookId: receiver.to(submitter.path).find((request) => JSON.parse(request.body).freightDocumentId === delivery.event.freightDocumentId)!.headers[
          'webhook-id'
        ],
        event: delivery.event,
        attempts: [{ at: expect.stringMatching(/Z$/), httpStatus: 200, durationMs: expect.any(Number) }],
        state: 'DELIVERED',
      });
    }
    for (const [who, subscription] of [
      ['submitter', submitter],
      ['delegate', delegate],
      ['outsider', outsider],
    ] as const) {
      expect((await api.request('DELETE', `${ACCOUNT_PATH}/${subscription.subscriptionId}`, { bearer: people[who].token })).status).toBe(204);
    }
    expect((await api.request('DELETE', `/api/accounts/users/me/delegates/${delegation.body.delegateId}`, { bearer: people.carrier.token })).status).toBe(204);
  });

  it('a receiver that fails gets exactly 3 attempts, then none; the log shows each', async () => {
    const documentId = await newDocument('DRAFT');
    const failing = await subscribe('submitter', documentPath(documentId));
    receiver.answer(failing.path, { status: 500 });
    expect((await api.post(`/api/freightdocuments/${documentId}/issue`, { bearer: people.submitter.token })).status).toBe(200);
    const requests = await receiver.waitFor(failing.path, 3);
    // The delivery has given up (FAILED) and its job has ended: no fourth attempt can come.
    await settled(documentPath(documentId), failing.subscriptionId, 1);
    await deliveriesSettled();
    expect(receiver.to(failing.path)).toHaveLength(3);
    expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(requests.every((request) => request.verified)).toBe(true);
    // Spaced by the configured delays.
    expect(requests[1]!.receivedAt - requests[0]!.receivedAt).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0]! - 50);
    const [delivery] = await settled(documentPath(documentId), failing.subscriptionId, 1);
    expect(delivery!.state).toBe('FAILED');
    expect(delivery!.attempts).toEqual([1, 2, 3].map(() => ({ at: expect.any(String), httpStatus: 500, error: 'HTTP 500', durationMs: expect.any(Number) })));
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const documentId = await newDocument('DRAFT');
    const redirected = await subscribe('submitter', documentPath(documentId));
    receiver.answer(redirected.path, { status: 307, headers: { Location: receiver.url('/redirect-target') } });
    expect((await api.post(`/api/freightdocuments/${documentId}/issue`, { bearer: people.submitter.token })).status).toBe(200);
    const [delivery] = await settled(documentPath(documentId), redirected.subscriptionId, 1);
    expect(delivery!.attempts.map((attempt) => attempt.httpStatus)).toEqual([307, 307, 307]);
    expect(receiver.to('/redirect-target')).toEqual([]);
  });

  it('a test event (202) and a redelivery (202, the same webhook-id) reach the receiver and the log', async () => {
    const documentId = await newDocument('DRAFT');
    const collection = documentPath(documentId);
    const { path, subscriptionId } = await subscribe('submitter', collection);
    const test = await api.post(`${collection}/${subscriptionId}/test`, { bearer: people.submitter.token });
    expect(test.status, test.text).toBe(202);
    expect(test.body).toEqual({ deliveryId: expect.any(String) });
    const [first] = await receiver.waitFor(path, 1);
    expect(JSON.parse(first!.body)).toEqual({ freightDocumentId: documentId, status: 'TEST' });
    expect(first!.verified).toBe(true);

    const again = await api.post(`${collection}/${subscriptionId}/deliveries/${test.body.deliveryId}/redeliver`, { bearer: people.submitter.token });
    expect(again.status, again.text).toBe(202);
    expect(again.body.deliveryId).not.toBe(test.body.deliveryId);
    const [, second] = await receiver.waitFor(path, 2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(second!.verified).toBe(true);
    const log = await settled(collection, subscriptionId, 2);
    expect(log.map((delivery) => [delivery.deliveryId, delivery.state, delivery.webhookId])).toEqual([
      [again.body.deliveryId, 'DELIVERED', first!.headers['webhook-id']],
      [test.body.deliveryId, 'DELIVERED', first!.headers['webhook-id']],
    ]);

    expectErrors(await api.post(`${collection}/${subscriptionId}/deliveries/no-such-delivery/redeliver`, { bearer: people.submitter.token }), 404, [
      { code: '4.1' },
    ]);
    expectErrors(await api.post(`${collection}/${subscriptionId}/deliveries/${test.body.deliveryId}/redeliver`, { bearer: people.outsider.token }), 404, [
      { code: '4.47' },
    ]);
    // A delivery of another subscription is not found through this one.
    const other = await subscribe('submitter', collection);
    expectErrors(
      await api.post(`${collection}/${other.subscriptionId}/deliveries/${test.body.deliveryId}/redeliver`, { bearer: people.submitter.token }),
      404,
      [{ code: '4.1' }],
    );
    expectErrors(await api.post(`${collection}/no-such-subscription/test`, { bearer: people.submitter.token }), 404, [{ code: '4.1' }]);
    expectErrors(await api.get(`${collection}/no-such-subscription/deliveries`, { bearer: people.submitter.token }), 404, [{ code: '4.1' }]);

    // An account-wide subscription's test event names no document.
    const account = await subscribe('outsider', ACCOUNT_PATH);
    const accountTest = await api.post(`${ACCOUNT_PATH}/${account.subscriptionId}/test`, { bearer: people.outsider.token });
    expect(accountTest.status).toBe(202);
    const [received] = await receiver.waitFor(account.path, 1);
    expect(JSON.parse(received!.body)).toEqual({ freightDocumentId: '00000000-0000-0000-0000-000000000000', status: 'TEST' });
    expect(received!.verified).toBe(true);
    const accountRedelivery = await api.post(`${ACCOUNT_PATH}/${account.subscriptionId}/deliveries/${accountTest.body.deliveryId}/redeliver`, {
      bearer: people.outsider.token,
    });
    expect(accountRedelivery.status).toBe(202);
    await receiver.waitFor(account.path, 2);
    expect((await settled(ACCOUNT_PATH, account.subscriptionId, 2, 'outsider')).map((delivery) => delivery.state)).toEqual(['DELIVERED', 'DELIVERED']);
    await api.request('DELETE', `${ACCOUNT_PATH}/${account.subscriptionId}`, { bearer: people.outsider.token });
  });

  // Issue 35: the guide's verifiers are what an integrator copies; they must accept what the service really sends.
  it('the webhooks guide’s examples (TypeScript with the library, Python stdlib) verify a real delivery, and refuse it altered', async () => {
    const documentId = await newDocument('DRAFT');
    const collection = documentPath(documentId);
    const { path, subscriptionId, reply } = await subscribe('submitter', collection);
    expect((await api.post(`${collection}/${subscriptionId}/test`, { bearer: people.submitter.token })).status).toBe(202);
    const [delivery] = await receiver.waitFor(path, 1);
    const headers = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => String(delivery!.headers[name]));
    const verdict = async (command: string, args: string[], body: string) => {
      const child = spawn(command, [...args, 'verify', reply.body.signingSecret as string, ...headers], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk));
      child.stdin.end(body);
      await new Promise((resolve) => child.once('exit', resolve));
      return output.trim();
    };
    const examples: [string, string[]][] = [
      ['python3', [path_.join(REPO_ROOT, 'docs/guides/examples/webhook_signature.py')]],
      [process.execPath, [path_.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), path_.join(REPO_ROOT, 'docs/guides/examples/webhook-signature.ts')]],
    ];
    for (const [command, args] of examples) {
      expect(await verdict(command, args, delivery!.body), command).toBe('valid');
      expect(await verdict(command, args, delivery!.body.replace('TEST', 'DELIVERED')), command).toBe('invalid');
    }
  });

  it('never writes a callback URL’s query into the server log', async () => {
    const fs = await import('node:fs');
    const log = fs.readFileSync(server.logFile, 'utf8');
    expect(log).not.toMatch(/\?key=k\d+/);
  });
});
