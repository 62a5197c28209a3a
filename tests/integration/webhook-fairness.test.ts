/**
 * Issue 32's webhook backlog starvation (contract §11, "fair webhook workers"): two accounts hold 1,000 due deliveries
 * each to receivers that never answer, and a third account's delivery to a healthy receiver goes out within 2 s of
 * being due, on each of two instances sharing the queue, again and again while the hanging attempts time out and
 * the backlogs take their loops back. The accounts at the cap hold WEBHOOK_CONCURRENCY_PER_ACCOUNT (2) deliveries
 * in flight each, on all instances together, never a loop more.
 *
 * The backlog is written straight into the queue (the rows queueDeliveries writes: a delivery and its job in the
 * subscription's lane and the account's group), since 2,000 events through the API would take a minute. So the
 * 1,000-delivery case runs on PostgreSQL; on PGlite, whose database the server holds alone, a backlog of test events
 * through the API stands in for it. Receivers are held open and WEBHOOK_TIMEOUT_MS is 3 s here (10 s by default): longer
 * than the bound, so waiting for a loop held by a hanging attempt fails, and short enough that the hanging attempts
 * end and their accounts claim again several times within the test.
 *
 * @backends every: deliveries are jobs of the database-backed queue, claimed by racing loops of two instances.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, startServer, type RunningServer } from '../support/server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { Driver, serverTarget, startOwnServer, type Client } from './driver';

const ON_POSTGRES = inject('dbKind') === 'postgres';
const BACKLOG = ON_POSTGRES ? 1_000 : 10;
const HANGING_SUBSCRIPTIONS = 5;
const PROBES = 6;
/** Contract §11's bound; the figure itself is printed (a loaded 2-core machine measures a few hundred ms). */
const BOUND_MS = 2_000;
// Longer than the bound, so that a delivery which had to wait for a hanging attempt to end would fail the test.
const TIMEOUT_MS = 3_000;
const CAP = 2;
const ACCOUNT_SUBSCRIPTIONS = '/api/accounts/users/me/subscriptions';
const env = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  // Only first attempts during the test: the backlog itself keeps the loops busy.
  WEBHOOK_RETRY_DELAYS_MS: '600000',
  // Four webhook loops in all, as the finding's single instance had: two instances of two on PostgreSQL.
  WEBHOOK_CONCURRENCY: ON_POSTGRES ? '2' : '4',
  WEBHOOK_CONCURRENCY_PER_ACCOUNT: String(CAP),
  RATE_LIMIT_WEBHOOK_TESTS_PER_ACCOUNT: '0',
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let first: RunningServer;
let second: RunningServer | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let apis: Driver[];
let client: Client;
let hanging: WebhookReceiver;
let healthy: WebhookReceiver;

beforeAll(async () => {
  hanging = await startWebhookReceiver();
  healthy = await startWebhookReceiver();
  if (ON_POSTGRES) {
    // Two instances on one database, started side by side (their migrations take turns under an advisory lock).
    const database = await createDatabase(inject('adminDatabaseUrl'));
    dropDatabase = database.drop;
    const instance = (name: string) => startServer({ name, kind: 'postgres', databaseUrl: database.url, env: { ...inject('serverEnv'), ...env } });
    [first, second] = await Promise.all([instance('webhook-fairness-1'), instance('webhook-fairness-2')]);
  } else {
    // One PGlite directory belongs to one process: one instance.
    first = await startOwnServer('webhook-fairness', env);
  }
  apis = [first, second].filter((server) => server !== undefined).map((server) => new Driver(serverTarget(server)));
  client = await apis[0]!.createClient({ name: 'Fairness tests' });
});

afterAll(async () => {
  hanging?.release();
  await second?.dispose();
  await first?.dispose();
  await dropDatabase?.();
  await hanging?.close();
  await healthy?.close();
});

async function subscriber(label: string, receiver: WebhookReceiver, paths: string[]) {
  const account = await apis[0]!.createActiveAccount(client, { name: `Account ${label}` });
  const token = (await apis[0]!.login(client, account)).access_token;
  const subscriptions: string[] = [];
  for (const path of paths) {
    const reply = await apis[0]!.post(ACCOUNT_SUBSCRIPTIONS, { bearer: token, json: { callbackUrl: receiver.url(path) } });
    expect(reply.status, reply.text).toBe(201);
    receiver.secretFor(path, reply.body.signingSecret);
    subscriptions.push(reply.body.subscriptionId);
  }
  return { token, subscriptions };
}

/** `count` due deliveries spread over the subscriptions, written as queueDeliveries writes them, in one statement. */
async function queueBacklog(subscriptions: string[], count: number) {
  const sql = postgres(first.databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    await sql`
      with made as (
        insert into webhook_deliveries (id, subscription_id, webhook_id, body)
        select 'backlog-' || md5(random()::text), (string_to_array(${subscriptions.join(',')}, ','))[1 + n % ${subscriptions.length}], 'msg_' || md5(random()::text),
          '{"freightDocumentId":"backlog","status":"TEST"}'
        from generate_series(0, ${count - 1}) n
        returning id, subscription_id
      )
      insert into jobs (kind, payload, run_at, max_attempts, lane, lane_group)
      select 'webhook.deliver', jsonb_build_object('deliveryId', made.id), now() - interval '1 minute', 3,
        'webhook-subscription:' || made.subscription_id, 'webhook-account:' || s.account_id
      from made join webhook_subscriptions s on s.id = made.subscription_id`;
    await sql`select pg_notify('fds_jobs', 'webhook.deliver')`;
  } finally {
    await sql.end();
  }
}

/** On PostgreSQL: the deliveries of each group in flight now, on both instances together. */
async function inFlightPerAccount(): Promise<number[]> {
  if (!ON_POSTGRES) return [];
  const sql = postgres(first.databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ lanes: number }[]>`
      select count(*)::int as lanes from job_lanes where locked_until >= now() and lane_group like 'webhook-account:%' group by lane_group`;
    return rows.map((row) => row.lanes);
  } finally {
    await sql.end();
  }
}

describe('two accounts whose receivers never answer, with a backlog each', () => {
  it(`let a third account's webhook go out within ${BOUND_MS / 1000} s of being due, each time`, async () => {
    const paths = (label: string) => Array.from({ length: HANGING_SUBSCRIPTIONS }, (_, index) => `/${label}-${index}`);
    const a = await subscriber('a', hanging, paths('a'));
    const b = await subscriber('b', hanging, paths('b'));
    for (const path of [...paths('a'), ...paths('b')]) hanging.answer(path, 'hold');
    const c = await subscriber('c', healthy, ['/c']);
    // One test event of the third account through each instance first, so that no probe pays for a route's first load.
    for (const [index, api] of apis.entries()) {
      const warm = await api.post(`${ACCOUNT_SUBSCRIPTIONS}/${c.subscriptions[0]}/test`, { bearer: c.token });
      expect(warm.status, warm.text).toBe(202);
      await healthy.waitFor('/c', index + 1, 10_000);
    }
    const warmUps = apis.length;

    const queuedAt = Date.now();
    if (ON_POSTGRES) {
      await queueBacklog(a.subscriptions, BACKLOG);
      await queueBacklog(b.subscriptions, BACKLOG);
    } else {
      const sendTest = async (who: typeof a, index: number) => {
        const reply = await apis[0]!.post(`${ACCOUNT_SUBSCRIPTIONS}/${who.subscriptions[index % HANGING_SUBSCRIPTIONS]}/test`, { bearer: who.token });
        expect(reply.status, reply.text).toBe(202);
      };
      await Promise.all(Array.from({ length: BACKLOG }, (_, index) => [sendTest(a, index), sendTest(b, index)]).flat());
    }
    // The backlogs take their loops: both accounts' receivers hold requests.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !(hanging.received.some((r) => r.path.startsWith('/a-')) && hanging.received.some((r) => r.path.startsWith('/b-'))))
      await sleep(50);
    console.log(`${2 * BACKLOG} hanging deliveries queued; both hanging receivers reached ${Date.now() - queuedAt} ms later`);

    // Probes spread over several timeouts of the hanging attempts, each sent to one of the instances in turn.
    const delays: number[] = [];
    const requestMs: number[] = [];
    const inFlight: number[] = [];
    for (let probe = 0; probe < PROBES; probe += 1) {
      const sentAt = Date.now();
      const reply = await apis[probe % apis.length]!.post(`${ACCOUNT_SUBSCRIPTIONS}/${c.subscriptions[0]}/test`, { bearer: c.token });
      expect(reply.status, reply.text).toBe(202);
      requestMs.push(Date.now() - sentAt);
      const [delivered] = (await healthy.waitFor('/c', warmUps + probe + 1, 10_000)).slice(warmUps + probe);
      expect(delivered!.verified).toBe(true);
      // From the request, which includes the commit that made the delivery due: the bound holds with room to spare.
      delays.push(delivered!.receivedAt - sentAt);
      inFlight.push(...(await inFlightPerAccount()));
      await sleep(TIMEOUT_MS / 3);
    }
    const held = hanging.received.length;
    console.log(
      `third account's webhook after ${delays.join(', ')} ms (max ${Math.max(...delays)} ms; its request took ${requestMs.join(', ')} ms) ` +
        `beside ${2 * BACKLOG} hanging deliveries ` +
        `on ${apis.length} instance(s); ${held} hanging attempts made meanwhile; in flight per hanging account: max ${Math.max(0, ...inFlight)}`,
    );
    expect(Math.max(...delays)).toBeLessThan(BOUND_MS);
    // The hanging accounts kept claiming (their attempts timed out and the next ones went out), within the cap.
    expect(held).toBeGreaterThan(2 * CAP);
    expect(Math.max(0, ...inFlight)).toBeLessThanOrEqual(CAP);
  }, 90_000);
});
