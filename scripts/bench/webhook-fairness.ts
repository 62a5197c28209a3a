/**
 * `BENCH_PARTS=webhooks npm run bench`: contract §11's fair webhook workers (issue 32, decision 0042). On a server and
 * a database of its own (callbacks on loopback allowed; otherwise the defaults: 4 webhook loops, 2 per account, 1 kept
 * for accounts with nothing in flight, 10 s per request), two accounts hold BENCH_WEBHOOK_BACKLOG (1,000) due
 * deliveries each, over five subscriptions, to a receiver that never answers; a third account then sends
 * BENCH_WEBHOOK_PROBES (10) test events a second apart to a receiver that answers at once. Prints how long each took
 * from its request to its arrival (the contract's bound: 2 s), and the hanging accounts' deliveries in flight.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { admin, freePort, NEXT_CLI, startServer } from './processes';

const BACKLOG = Math.max(1, Number(process.env.BENCH_WEBHOOK_BACKLOG ?? 1_000));
const PROBES = Math.max(1, Number(process.env.BENCH_WEBHOOK_PROBES ?? 10));
const SUBSCRIPTIONS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchWebhookFairness(options: {
  env: NodeJS.ProcessEnv;
  maintenance: postgres.Sql;
  register: (base: string, env: NodeJS.ProcessEnv, client: { id: string; secret: string }, email: string) => Promise<{ token: string }>;
  cleanups: (() => Promise<void>)[];
  progress: (message: string) => void;
}) {
  const arrivals = new Map<string, number>();
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // The hanging receivers keep the request open; the healthy one answers and notes when the probe came.
      if (request.url?.startsWith('/hang')) return;
      arrivals.set(String(request.headers['webhook-id']), Date.now());
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  options.cleanups.push(async () => {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const database = `fds_bench_webhooks_${Date.now().toString(36)}_${process.pid}`;
  await options.maintenance.unsafe(`create database "${database}"`);
  options.cleanups.push(async () => void (await options.maintenance.unsafe(`drop database if exists "${database}" with (force)`)));
  const databaseUrl = Object.assign(new URL(String(options.env.DATABASE_URL)), { pathname: `/${database}` }).toString();
  const port = await freePort();
  const env = {
    ...options.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    RATE_LIMIT_WEBHOOK_TESTS_PER_ACCOUNT: '0',
  };
  options.progress(`starting next start for the webhook part on ${port}`);
  const server = await startServer({
    name: 'next-webhooks',
    args: [NEXT_CLI, 'start', '-p', String(port), '-H', '127.0.0.1'],
    env,
    port,
    readyPath: '/api/heartbeat',
  });
  options.cleanups.push(() => server.stop());

  const created = await admin(env, ['client:create', '--name', 'bench-webhooks']);
  const client = { id: String(created.clientId), secret: String(created.clientSecret) };
  const subscribe = async (token: string, path: string) => {
    const reply = await fetch(`${server.url}/api/accounts/users/me/subscriptions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ callbackUrl: `${receiverUrl}${path}` }),
    });
    if (reply.status !== 201) throw new Error(`subscribe: HTTP ${reply.status} ${await reply.text()}`);
    return String(((await reply.json()) as { subscriptionId: string }).subscriptionId);
  };

  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  options.cleanups.push(() => sql.end());
  for (const label of ['a', 'b']) {
    const { token } = await options.register(server.url, env, client, `hanging-${label}@bench.invalid`);
    const subscriptions: string[] = [];
    for (let index = 0; index < SUBSCRIPTIONS; index += 1) subscriptions.push(await subscribe(token, `/hang-${label}-${index}`));
    // The rows queueDeliveries writes, 1,000 at once: a delivery, and its job in the subscription's lane and account's group.
    await sql`
      with made as (
        insert into webhook_deliveries (id, subscription_id, webhook_id, body)
        select 'backlog-' || md5(random()::text), (string_to_array(${subscriptions.join(',')}, ','))[1 + n % ${SUBSCRIPTIONS}],
          'msg_' || md5(random()::text), '{"freightDocumentId":"backlog","status":"TEST"}'
        from generate_series(0, ${BACKLOG - 1}) n
        returning id, subscription_id
      )
      insert into jobs (kind, payload, max_attempts, lane, lane_group)
      select 'webhook.deliver', jsonb_build_object('deliveryId', made.id), 3, 'webhook-subscription:' || made.subscription_id, 'webhook-account:' || s.account_id
      from made join webhook_subscriptions s on s.id = made.subscription_id`;
  }
  await sql`select pg_notify('fds_jobs', 'webhook.deliver')`;
  const { token } = await options.register(server.url, env, client, 'healthy@bench.invalid');
  const healthy = await subscribe(token, '/healthy');
  await sleep(1_000);

  const delays: number[] = [];
  let mostInFlight = 0;
  for (let probe = 0; probe < PROBES; probe += 1) {
    const sentAt = Date.now();
    const reply = await fetch(`${server.url}/api/accounts/users/me/subscriptions/${healthy}/test`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    if (reply.status !== 202) throw new Error(`test event: HTTP ${reply.status} ${await reply.text()}`);
    const { deliveryId } = (await reply.json()) as { deliveryId: string };
    const [row] = await sql<{ webhook_id: string }[]>`select webhook_id from webhook_deliveries where id = ${deliveryId}`;
    const deadline = Date.now() + 15_000;
    while (!arrivals.has(row!.webhook_id) && Date.now() < deadline) await sleep(10);
    delays.push((arrivals.get(row!.webhook_id) ?? Number.NaN) - sentAt);
    const [flight] = await sql<{ most: number }[]>`
      select coalesce(max(lanes), 0)::int as most from (select count(*) as lanes from job_lanes where locked_until >= now() group by lane_group) busy`;
    mostInFlight = Math.max(mostInFlight, flight!.most);
    await sleep(Math.max(0, 1_000 - (Date.now() - sentAt)));
  }
  const sorted = [...delays].sort((x, y) => x - y);
  console.log(
    `\nFair webhook workers (contract §11): a third account's test event, from its request to its arrival, beside two accounts' ` +
      `${BACKLOG} due deliveries each to receivers that never answer (one instance, defaults): ${delays.map((ms) => Math.round(ms)).join(', ')} ms; ` +
      `median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms, max ${Math.round(sorted.at(-1)!)} ms (bound 2,000 ms); ` +
      `hanging account's deliveries in flight at most ${mostInFlight}`,
  );
}
