/**
 * Nothing is lost when the server dies mid-delivery (issue 10): the receiver holds the first request open, the
 * server process is killed (SIGKILL), started again on the same database, and the event arrives again with the
 * same Webhook-Id once the dead worker's lease has run out (its kind's 15 s timeout plus JOB_LEASE_GRACE_MS,
 * 1 s here). The delivery log shows the interrupted attempt and the one that succeeded.
 *
 * @backends every: the dead worker's lease is a row of the database-backed queue.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { jobsSettled, TEST_METRICS_TOKEN } from '../support/job-table';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { validBody } from './documents-support';
import { Driver, serverTarget, startOwnServer } from './driver';

let server: RunningServer;
let api: Driver;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startOwnServer('webhook-crash', {
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RETRY_DELAYS_MS: '200,200',
    JOB_LEASE_GRACE_MS: '1000',
    // The dead worker's lease runs out; the worker finds the job on its next look, every 100 ms (global-setup.ts).
    JOB_POLL_INTERVAL_MS: '100',
    // The job table is read through /api/metrics (PGlite: only the server may open its DATA_DIR).
    METRICS_TOKEN: TEST_METRICS_TOKEN,
  });
  api = new Driver(serverTarget(server));
});

afterAll(async () => {
  await server?.dispose();
  await receiver?.close();
});

it('a delivery in flight when the server is killed is delivered after the restart, with the same Webhook-Id', async () => {
  const client = await api.createClient({ name: 'Crash tests' });
  const account = await api.createActiveAccount(client);
  const token = (await api.login(client, account)).access_token;
  const subscribed = await api.post('/api/accounts/users/me/subscriptions', { bearer: token, json: { callbackUrl: receiver.url('/crash?key=secret') } });
  expect(subscribed.status, subscribed.text).toBe(201);
  receiver.secretFor('/crash', subscribed.body.signingSecret);
  receiver.answer('/crash', (count) => (count === 1 ? 'hold' : { status: 200 }));

  const created = await api.post('/api/freightdocuments', { bearer: token, json: validBody({ status: 'ISSUED' }) });
  expect(created.status, created.text).toBe(201);
  const [inFlight] = await receiver.waitFor('/crash', 1);
  expect(inFlight!.verified).toBe(true);

  await server.kill();
  receiver.release();
  const killedAt = Date.now();
  await server.restart();

  const [, again] = await receiver.waitFor('/crash', 2, 45_000);
  expect(again!.headers['webhook-id']).toBe(inFlight!.headers['webhook-id']);
  expect(again!.body).toBe(inFlight!.body);
  expect(JSON.parse(again!.body)).toEqual({ freightDocumentId: created.body.freightDocumentId, status: 'ISSUED' });
  expect(again!.verified).toBe(true);
  expect(again!.receivedAt - killedAt).toBeLessThan(30_000);
  // Delivered once after the restart, and never again: the delivery's job has ended.
  await jobsSettled(server, ['webhook.deliver']);
  expect(receiver.to('/crash')).toHaveLength(2);

  const log = await api.get(`/api/accounts/users/me/subscriptions/${subscribed.body.subscriptionId}/deliveries`, { bearer: token });
  expect(log.status).toBe(200);
  expect(log.body.deliveries).toEqual([
    {
      deliveryId: expect.any(String),
      webhookId: inFlight!.headers['webhook-id'],
      event: { freightDocumentId: created.body.freightDocumentId, status: 'ISSUED' },
      attempts: [
        { at: expect.any(String), error: 'interrupted: the server stopped before an answer', durationMs: null },
        { at: expect.any(String), httpStatus: 200, durationMs: expect.any(Number) },
      ],
      state: 'DELIVERED',
    },
  ]);
}, 90_000);
