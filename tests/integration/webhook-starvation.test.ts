/**
 * Issue 20's webhook queue starvation: a receiver that never answers must delay only its own subscription. Account
 * A subscribes five callbacks of a receiver that holds every request (as the finding's, until our 10 s timeout),
 * more than there are webhook loops (4), and sends twelve test events; account B's test event reaches B's normal
 * receiver in under a second meanwhile, A's receiver never sees two requests of one subscription at once nor more
 * than WEBHOOK_CONCURRENCY_PER_ACCOUNT (2) of A's at once, and e-mail (an activation mail through the real SMTP
 * sink) still goes out at once.
 *
 * @backends every: deliveries are jobs of the database-backed queue, and lanes are taken by racing claims.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_METRICS_TOKEN, unfinishedJobs } from '../support/job-table';
import type { RunningServer } from '../support/server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { Driver, serverTarget, startOwnServer, type Account, type Client } from './driver';

const ACCOUNT_SUBSCRIPTIONS = '/api/accounts/users/me/subscriptions';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: RunningServer;
let api: Driver;
let client: Client;
let slow: WebhookReceiver;
let normal: WebhookReceiver;
const tokens: Record<'a' | 'b', string> = { a: '', b: '' };

beforeAll(async () => {
  slow = await startWebhookReceiver();
  normal = await startWebhookReceiver();
  // Twelve test events as in the finding (the default limit of 10 per window would refuse the last two); retries
  // far away so that only first attempts run during the test.
  server = await startOwnServer('webhook-starvation', {
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RETRY_DELAYS_MS: '600000',
    RATE_LIMIT_WEBHOOK_TESTS_PER_ACCOUNT: '50',
    // The job table is read through /api/metrics (PGlite: only the server may open its DATA_DIR).
    METRICS_TOKEN: TEST_METRICS_TOKEN,
  });
  api = new Driver(serverTarget(server));
  client = await api.createClient({ name: 'Starvation tests' });
  for (const who of ['a', 'b'] as const) {
    const account: Account = await api.createActiveAccount(client, { name: `Account ${who}` });
    tokens[who] = (await api.login(client, account)).access_token;
  }
});

afterAll(async () => {
  slow?.release();
  await server?.dispose();
  await slow?.close();
  await normal?.close();
});

async function subscribe(who: 'a' | 'b', receiver: WebhookReceiver, path: string) {
  const reply = await api.post(ACCOUNT_SUBSCRIPTIONS, { bearer: tokens[who], json: { callbackUrl: receiver.url(path) } });
  expect(reply.status, reply.text).toBe(201);
  receiver.secretFor(path, reply.body.signingSecret);
  return reply.body.subscriptionId as string;
}

async function sendTest(who: 'a' | 'b', subscriptionId: string) {
  const reply = await api.post(`${ACCOUNT_SUBSCRIPTIONS}/${subscriptionId}/test`, { bearer: tokens[who] });
  expect(reply.status, reply.text).toBe(202);
}

describe('a receiver that never answers', () => {
  it("delays neither another account's webhook nor the e-mail, and holds one request per subscription", async () => {
    const paths = ['/hang-1', '/hang-2', '/hang-3', '/hang-4', '/hang-5'];
    const hanging: string[] = [];
    for (const path of paths) {
      slow.answer(path, 'hold');
      hanging.push(await subscribe('a', slow, path));
    }
    const fine = await subscribe('b', normal, '/fine');

    for (let index = 0; index < 12; index++) await sendTest('a', hanging[index % hanging.length]!);
    // Two of A's subscriptions have a request in flight: the two webhook loops A may hold are held from now on.
    const deadline = Date.now() + 5_000;
    while (slow.received.length < 2 && Date.now() < deadline) await sleep(50);
    expect(slow.received).toHaveLength(2);

    const sentAt = Date.now();
    await sendTest('b', fine);
    const [delivered] = await normal.waitFor('/fine', 1, 5_000);
    const delayMs = delivered!.receivedAt - sentAt;
    console.log(`B's webhook arrived ${delayMs} ms after its test event, with A's receiver holding ${slow.received.length} requests`);
    expect(delivered!.verified).toBe(true);
    expect(delayMs).toBeLessThan(1_000);

    // The e-mail has loops of its own: an activation mail goes out while the webhooks hang.
    const signUpAt = Date.now();
    const { reply, input } = await api.signUp(client);
    expect(reply.status, reply.text).toBe(201);
    await api.mailsTo(input.email, 1, 5_000);
    const mailMs = Date.now() - signUpAt;
    console.log(`an activation mail reached the SMTP sink ${mailMs} ms after the sign-up`);
    expect(mailMs).toBeLessThan(2_000);

    // Still two of A's in flight, one per subscription, though ten events wait: A holds two webhook loops, not four.
    // The job table shows it: free loops have since run B's delivery and the mail, and left A's ten due jobs unclaimed.
    expect(await unfinishedJobs(server, ['webhook.deliver'])).toEqual({ due: 10, running: 2, scheduled: 0 });
    expect(slow.received).toHaveLength(2);
    expect(new Set(slow.received.map((request) => request.path)).size).toBe(2);
  });
});
