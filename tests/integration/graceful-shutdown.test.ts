/**
 * Graceful shutdown (issue 13): a SIGTERM during a burst of requests loses none of them, and the job in hand is
 * finished before the process exits. (A job given back to the queue and taken by another instance:
 * tests/instances/job-release.test.ts.)
 *
 * @backends every: the job in hand is a row of the database-backed queue.
 */
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { jobsSettled, TEST_METRICS_TOKEN } from '../support/job-table';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { validBody } from './documents-support';
import { Driver, serverTarget, startOwnServer, type Client } from './driver';

type Outcome =
  | { kind: 'answered'; status: number; body: any; connectionClose: boolean; at: number }
  | { kind: 'refused' }
  /** A request written on a kept-alive connection the server had just closed as idle: never read, nothing done. */
  | { kind: 'stale-connection' }
  /**
   * A new connection reset before any byte of an answer: it was still in the kernel's accept queue when the server
   * closed its listening socket, so the server never saw it (the document count below proves nothing was done).
   */
  | { kind: 'not-accepted' }
  | { kind: 'broken'; detail: string };

const WORKERS = 12;
const MAX_REQUESTS = 600;
const SIGNAL_AFTER = 120;

/** One request with node:http, so that what happened to the connection can be told apart (fetch hides it). */
function send(port: number, agent: http.Agent | false, token: string, write: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    let answerStarted = false;
    const body = write ? JSON.stringify(validBody()) : undefined;
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: write ? 'POST' : 'GET',
        path: write ? '/api/freightdocuments' : '/api/freightdocuments?limit=5',
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      },
      (response) => {
        answerStarted = true;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('error', (error) => resolve({ kind: 'broken', detail: `mid-answer: ${error.message}` }));
        response.on('end', () => {
          if (!response.complete) return resolve({ kind: 'broken', detail: 'answer cut short' });
          try {
            resolve({
              kind: 'answered',
              status: response.statusCode!,
              body: JSON.parse(text),
              connectionClose: response.headers.connection === 'close',
              at: Date.now(),
            });
          } catch {
            resolve({ kind: 'broken', detail: `not JSON: ${text.slice(0, 80)}` });
          }
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (answerStarted) return;
      if (error.code === 'ECONNREFUSED') resolve({ kind: 'refused' });
      // Node's documented keep-alive race (http.ClientRequest.reusedSocket): safe to send again on a new connection.
      else if (request.reusedSocket && error.code === 'ECONNRESET') resolve({ kind: 'stale-connection' });
      else if (error.code === 'ECONNRESET') resolve({ kind: 'not-accepted' });
      else resolve({ kind: 'broken', detail: `${error.code ?? ''} ${error.message}` });
    });
    request.end(body);
  });
}

let server: RunningServer;
let receiver: WebhookReceiver;
let api: Driver;
let client: Client;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startOwnServer('graceful-shutdown', {
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    SHUTDOWN_TIMEOUT_MS: '15000',
    // The job table is read through /api/metrics (PGlite: only the server may open its DATA_DIR).
    METRICS_TOKEN: TEST_METRICS_TOKEN,
  });
  api = new Driver(serverTarget(server));
  client = await api.createClient({ name: 'Shutdown' });
});

afterAll(async () => {
  await server?.dispose();
  await receiver?.close();
});

async function freshToken() {
  const account = await api.createActiveAccount(client);
  return (await api.login(client, account)).access_token;
}

describe('SIGTERM', () => {
  it('during a burst of requests: every request is answered completely or never accepted, and exactly the answered creates exist', async () => {
    const token = await freshToken();
    const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
    const outcomes: Outcome[] = [];
    let signalledAt = 0;
    let sent = 0;
    const worker = async (index: number) => {
      for (;;) {
        if (sent >= MAX_REQUESTS) return;
        sent += 1;
        const write = (sent + index) % 2 === 0;
        let outcome = await send(server.port, agent, token, write);
        if (outcome.kind === 'stale-connection') outcome = await send(server.port, false, token, write);
        outcomes.push(outcome);
        if (outcome.kind === 'answered' && !signalledAt && outcomes.length >= SIGNAL_AFTER) {
          signalledAt = Date.now();
          process.kill(-server.pid, 'SIGTERM');
        }
        if (outcome.kind !== 'answered') return;
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
    agent.destroy();
    await server.stop();

    const broken = outcomes.filter((outcome) => outcome.kind === 'broken');
    expect(broken, JSON.stringify(broken)).toEqual([]);
    expect(signalledAt).toBeGreaterThan(0);
    const answered = outcomes.filter((outcome): outcome is Extract<Outcome, { kind: 'answered' }> => outcome.kind === 'answered');
    expect(answered.length).toBeGreaterThanOrEqual(SIGNAL_AFTER);
    expect(outcomes.filter((outcome) => outcome.kind === 'refused' || outcome.kind === 'not-accepted').length).toBeGreaterThan(0);
    for (const outcome of answered) expect([200, 201]).toContain(outcome.status);
    // Requests in flight when the signal was sent were answered, not cut off; every answer the server gave while
    // stopping (its log marks them) told the client to close the connection, so that a client that keeps sending
    // cannot keep a stopping server busy.
    expect(answered.filter((outcome) => outcome.at > signalledAt).length).toBeGreaterThan(0);
    const drainingLines = fs
      .readFileSync(server.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"draining":true'));
    expect(answered.filter((outcome) => outcome.connectionClose)).toHaveLength(drainingLines.length);

    await server.restart();
    const created = answered.filter((outcome) => outcome.status === 201).map((outcome) => outcome.body.freightDocumentId as string);
    const list = await api.get('/api/freightdocuments?limit=1', { bearer: token });
    // Nothing was done without its answer arriving: exactly the answered creates exist.
    expect(list.body.total).toBe(created.length);
    for (const id of created.slice(-5)) expect((await api.get(`/api/freightdocuments/${id}`, { bearer: token })).status).toBe(200);
  }, 120_000);

  it('with a webhook delivery in hand: the delivery is finished, then the process exits', async () => {
    const token = await freshToken();
    const subscribed = await api.post('/api/accounts/users/me/subscriptions', { bearer: token, json: { callbackUrl: receiver.url('/slow') } });
    expect(subscribed.status, subscribed.text).toBe(201);
    receiver.answer('/slow', { status: 200, delayMs: 2_000 });
    const created = await api.post('/api/freightdocuments', { bearer: token, json: validBody({ status: 'ISSUED' }) });
    expect(created.status, created.text).toBe(201);
    await receiver.waitFor('/slow', 1);
    const signalled = Date.now();
    process.kill(-server.pid, 'SIGTERM');
    await server.stop();
    // The process waited for the receiver's answer rather than cutting the delivery off.
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1_000);

    await server.restart();
    const deliveries = await api.get(`/api/accounts/users/me/subscriptions/${subscribed.body.subscriptionId}/deliveries`, { bearer: token });
    expect(deliveries.status, deliveries.text).toBe(200);
    const delivery = deliveries.body.deliveries[0];
    expect(delivery).toMatchObject({ state: 'DELIVERED' });
    expect(delivery.attempts).toHaveLength(1);
    // Not sent again after the restart: no delivery job is left to send it.
    await jobsSettled(server, ['webhook.deliver']);
    expect(receiver.to('/slow')).toHaveLength(1);
  }, 60_000);
});
