/**
 * Two `next start` instances on one PostgreSQL share the job queue (issue 10, contract §12): 200 status changes,
 * requested from both, reach a counting receiver exactly once each, every one signed, every delivery with
 * exactly one attempt. PostgreSQL only: one PGlite directory belongs to one process.
 *
 * @backends every: two instances share one PostgreSQL queue.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jobsSettled } from '../support/job-table';
import { startServer, type RunningServer } from '../support/server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { validBody } from './documents-support';
import { Driver, serverTarget, startOwnServer } from './driver';

const EVENTS = 200;
const env = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RETRY_DELAYS_MS: '200,200', JOB_POLL_INTERVAL_MS: '100' };

describe.runIf(inject('dbKind') === 'postgres')('two instances on one PostgreSQL', () => {
  let first: RunningServer;
  let second: RunningServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    first = await startOwnServer('webhook-instance-1', env);
    second = await startServer({ name: 'webhook-instance-2', kind: 'postgres', databaseUrl: first.databaseUrl, env: { ...inject('serverEnv'), ...env } });
  });

  afterAll(async () => {
    await second?.dispose();
    await first?.dispose();
    await receiver?.close();
  });

  it(`deliver ${EVENTS} events, each exactly once`, async () => {
    const apis = [new Driver(serverTarget(first)), new Driver(serverTarget(second))];
    const client = await apis[0]!.createClient({ name: 'Two instances' });
    const account = await apis[0]!.createActiveAccount(client);
    const token = (await apis[0]!.login(client, account)).access_token;
    const subscribed = await apis[1]!.post('/api/accounts/users/me/subscriptions', { bearer: token, json: { callbackUrl: receiver.url('/count') } });
    expect(subscribed.status, subscribed.text).toBe(201);
    receiver.secretFor('/count', subscribed.body.signingSecret);
    // A receiver that takes a moment, so that both instances' workers have deliveries in hand at once.
    receiver.answer('/count', { status: 200, delayMs: 20 });

    const documentIds: string[] = [];
    const started = Date.now();
    for (let batch = 0; batch < EVENTS / 10; batch += 1) {
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) => apis[(batch + i) % 2]!.post('/api/freightdocuments', { bearer: token, json: validBody({ status: 'ISSUED' }) })),
      );
      for (const reply of replies) {
        expect(reply.status, reply.text).toBe(201);
        documentIds.push(reply.body.freightDocumentId);
      }
    }
    const requests = await receiver.waitFor('/count', EVENTS, 60_000);
    const seconds = (Date.now() - started) / 1000;
    // A duplicate would come from a job still unfinished: wait until the shared job table has none.
    await jobsSettled(first, ['webhook.deliver']);
    expect(receiver.to('/count')).toHaveLength(EVENTS);
    expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(EVENTS);
    expect(new Set(requests.map((request) => JSON.parse(request.body).freightDocumentId)).size).toBe(EVENTS);
    expect([...new Set(requests.map((request) => JSON.parse(request.body).freightDocumentId))].sort()).toEqual([...documentIds].sort());
    expect(requests.every((request) => request.verified)).toBe(true);
    console.log(`${EVENTS} events created and delivered by two instances in ${seconds.toFixed(1)} s`);

    const sql = postgres(first.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      const attempts = await sql<{ attempts: number; deliveries: number }[]>`
        select count(*)::int as deliveries, sum(n)::int as attempts
        from (select d.id, count(a.attempt) as n from webhook_deliveries d left join webhook_delivery_attempts a on a.delivery_id = d.id group by d.id) per_delivery`;
      expect(attempts[0]).toEqual({ deliveries: EVENTS, attempts: EVENTS });
      const [states] = await sql<{ delivered: number }[]>`select count(*)::int as delivered from webhook_deliveries where state = 'DELIVERED'`;
      expect(states!.delivered).toBe(EVENTS);
    } finally {
      await sql.end();
    }
  }, 180_000);
});
