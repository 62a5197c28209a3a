/**
 * A job held at SIGTERM that cannot finish within SHUTDOWN_TIMEOUT_MS is given back to the queue (issue 13): the
 * other instance delivers it at once, not after the lease or the retry delay (both set far longer here).
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { validBody } from '../integration/documents-support';
import { Driver, serverTarget } from '../integration/driver';

const env = {
  ...inject('serverEnv'),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_RETRY_DELAYS_MS: '120000',
  JOB_LEASE_GRACE_MS: '120000',
  SHUTDOWN_TIMEOUT_MS: '1000',
};

let receiver: WebhookReceiver;
let holder: RunningServer;
let other: RunningServer | undefined;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  holder = await startServer({ name: 'job-holder', kind: 'postgres', adminDatabaseUrl: inject('adminDatabaseUrl'), env });
});

afterAll(async () => {
  receiver?.release();
  await other?.dispose();
  await holder?.dispose();
  await receiver?.close();
});

it('a delivery held at SIGTERM past the shutdown timeout is released and delivered by the other instance at once', async () => {
  const api = new Driver(serverTarget(holder));
  const client = await api.createClient({ name: 'Job release' });
  const token = (await api.login(client, await api.createActiveAccount(client))).access_token;
  const subscribed = await api.post('/api/accounts/users/me/subscriptions', { bearer: token, json: { callbackUrl: receiver.url('/held') } });
  expect(subscribed.status, subscribed.text).toBe(201);
  // The first attempt never gets an answer; any later one gets 200 at once.
  receiver.answer('/held', (count) => (count === 1 ? 'hold' : { status: 200 }));
  expect((await api.post('/api/freightdocuments', { bearer: token, json: validBody({ status: 'ISSUED' }) })).status).toBe(201);
  await receiver.waitFor('/held', 1);

  // Only now the second instance: the delivery is certainly the first one's.
  other = await startServer({ name: 'job-taker', kind: 'postgres', databaseUrl: holder.databaseUrl, env });
  const signalled = Date.now();
  process.kill(-holder.pid, 'SIGTERM');
  await holder.stop();
  expect(Date.now() - signalled).toBeLessThan(8_000);

  const [firstAttempt, secondAttempt] = await receiver.waitFor('/held', 2, 15_000);
  expect(secondAttempt!.headers['webhook-id']).toBe(firstAttempt!.headers['webhook-id']);
  // The receiver has the second attempt before the other instance has recorded its answer: wait for the record.
  const readLog = async () =>
    (await new Driver(serverTarget(other!)).get(`/api/accounts/users/me/subscriptions/${subscribed.body.subscriptionId}/deliveries`, { bearer: token })).body
      .deliveries[0];
  await expect.poll(async () => (await readLog()).state, { timeout: 10_000, interval: 100 }).not.toBe('PENDING');
  const delivery = await readLog();
  expect(delivery.state).toBe('DELIVERED');
  expect(delivery.attempts).toHaveLength(2);
  expect(delivery.attempts.map((attempt: { httpStatus?: number }) => attempt.httpStatus ?? null).sort()).toEqual([200, null]);
}, 120_000);
