/**
 * `npm run bench`: figures, not a test. Starts `next start` and a bare node:http server (bare-server.ts) on
 * one fresh PostgreSQL scratch database, loads create, get, list and issue on both side by side, then seeds
 * 10k and 1M documents for one account and measures list latency. Prints tables; cleans up after itself.
 *
 * Knobs (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (10), BENCH_WARMUP_SECONDS (2),
 * BENCH_LIST_SECONDS (5), BENCH_LIST_CONNECTIONS (2), BENCH_LIST_MIN_REQUESTS (20: a query too slow for that
 * many samples in BENCH_LIST_SECONDS runs by count instead), BENCH_LARGE (1; 0 skips the 1M tier),
 * BENCH_EXPLAIN (1; 0 leaves out EXPLAIN ANALYZE of the list SQL per tier and query),
 * BENCH_CPU_PROF (unset; a folder: the next and bare servers write V8 CPU profiles there when they stop),
 * BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test: where scratch databases are created), BENCH_PDF_ONLY (0;
 * 1 runs only the PDF part, see pdf.ts for its knobs; verification.ts has the verification part's), BENCH_OPERATIONS
 * (floor,create,get,list,issue: the operations loaded on both servers), BENCH_PARTS (load,pdf,verify,blobs,list,efti,watch,webhooks,gate:
 * which parts run, for a quicker look at one of them; blobs.ts has its knobs; efti: the eFTI gate's read of a 500-line
 * document, see efti.ts; watch: the tablet's hand-over screen polling, see hand-over-watch.ts for its knobs; webhooks: a
 * third account's delivery beside two hanging backlogs, see webhook-fairness.ts; gate: the heartbeat under issue 32's
 * many-keys bodies on every public surface, see body-gate.ts).
 * A third server, limit-server.ts, answers GET with one query and nothing else: the machine's limit for that work.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openPostgres } from '@/server/db/client';
import { explainList } from './explain';
import { benchBlobs } from './blobs';
import { benchBodyGate } from './body-gate';
import { benchHandOverWatch } from './hand-over-watch';
import { benchPdf } from './pdf';
import { benchEfti } from './efti';
import { benchVerification } from './verification';
import { benchWebhookFairness } from './webhook-fairness';
import { DOCUMENT_BODY } from './fixtures';
import { runLoad, summarise, type LoadOptions, type LoadResult, type LoadRun } from './load';
import { admin, freePort, NEXT_CLI, ROOT, SERVER_CONDITION, startServer, TSX_CLI, type Server } from './processes';
import { ENDPOINTS, measureRoundTrips } from './round-trips';
import { seedDocuments, seedOtherAccounts, vacuumAnalyze, withIndexesDeferred } from './seed';

const numberFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const SECONDS = numberFrom('BENCH_SECONDS', 10);
const CONNECTIONS = Math.round(numberFrom('BENCH_CONNECTIONS', 10));
const WARMUP_SECONDS = numberFrom('BENCH_WARMUP_SECONDS', 2);
const LIST_SECONDS = numberFrom('BENCH_LIST_SECONDS', 5);
const LIST_CONNECTIONS = Math.round(numberFrom('BENCH_LIST_CONNECTIONS', 2));
const LIST_MIN_REQUESTS = Math.round(numberFrom('BENCH_LIST_MIN_REQUESTS', 20));
const LARGE = process.env.BENCH_LARGE !== '0';
const EXPLAIN = process.env.BENCH_EXPLAIN !== '0';
const SERVER_NODE_OPTIONS = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { config?: { serverNodeOptions?: string } }).config
  ?.serverNodeOptions;
const CPU_PROF = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const MAINTENANCE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const listFrom = (name: string, all: readonly string[]): string[] => {
  const chosen = (process.env[name] ?? all.join(','))
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const unknown = chosen.filter((item) => !all.includes(item));
  if (unknown.length > 0) throw new Error(`${name}: unknown ${unknown.join(', ')} (choose from ${all.join(', ')})`);
  return chosen;
};
// `floor`: GET of a path that exists nowhere (404, 2.2), no database work: what each server costs per request on its own.
const OPERATIONS = listFrom('BENCH_OPERATIONS', ['floor', 'create', 'get', 'list', 'issue']);
const PARTS = listFrom('BENCH_PARTS', ['load', 'pdf', 'verify', 'blobs', 'list', 'efti', 'watch', 'webhooks', 'gate']);
/** Every account the bench makes signs in with this password (the watch part also through the portal's sign-in). */
const PASSWORD = 'bench password 1';

// Issue 13: the default sort, a status filter and the serviceNumber sort, each on the first page and at first=5000.
const LIST_MIX: [label: string, query: string][] = [
  ['default sort', ''],
  ['default sort first=5000', 'first=5000'],
  ['status.eq.ISSUED', 'filters=status.eq.ISSUED'],
  ['status.eq.ISSUED first=5000', 'filters=status.eq.ISSUED&first=5000'],
  ['serviceNumber.asc', 'sort=serviceNumber.asc'],
  ['serviceNumber.asc first=5000', 'sort=serviceNumber.asc&first=5000'],
];

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const progress = (message: string) => process.stderr.write(`· ${message}\n`);
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** Text columns (the first `labels`) left-aligned, figures right-aligned. */
function table(header: string[], rows: string[][], labels: number): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column < labels ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** One line of the load table: operation, server and its figures. */
function resultRow(operation: string, server: string, result: LoadResult): string[] {
  return [
    operation,
    server,
    fixed(result.rps),
    fixed(result.p50),
    fixed(result.p99),
    fixed(result.cpuMsPerRequest ?? NaN, 3),
    String(result.non2xx + result.errors),
    String(result.requests),
  ];
}

interface Account {
  accountId: string;
  accountNumber: string;
  token: string;
}

async function expectJson(response: Response, status: number, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Sign-up over REST, activation by the admin command, then a password grant: the path a client system takes. */
async function registerAccount(base: string, env: NodeJS.ProcessEnv, client: { id: string; secret: string }, email: string): Promise<Account> {
  const basic = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
  const created = await expectJson(
    await fetch(`${base}/api/accounts/users`, {
      method: 'POST',
      headers: { Authorization: basic, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: email.split('@')[0], email, password: PASSWORD, acceptTermsAndConditions: true }),
    }),
    201,
    'sign-up',
  );
  await admin(env, ['account:activate', '--email', email]);
  const token = await expectJson(
    await fetch(`${base}/api/oauth/token`, {
      method: 'POST',
      headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: email, password: PASSWORD }).toString(),
    }),
    200,
    'password grant',
  );
  return { accountId: String(created.accountId), accountNumber: String(created.accountNumber), token: String(token.access_token) };
}

/**
 * The same load on every server, in ABBA order (next, bare, bare, next, each half the time) after a warm-up
 * of each, so that a drift in background load or database size weighs on both servers alike. With
 * `minRequests`, a load too slow to give that many samples in the time runs by count instead (autocannon
 * drops requests still in flight when time is up, and the server would go on working on them).
 */
async function sideBySide(
  servers: Server[],
  loadFor: (server: Server) => Omit<LoadOptions, 'url' | 'connections' | 'seconds'>,
  options: { seconds: number; connections: number; warmup: number; minRequests?: number; timeoutSeconds?: number },
): Promise<Map<string, LoadResult>> {
  const loads = new Map(
    servers.map((server) => [server.name, { ...loadFor(server), url: server.url, connections: options.connections, timeoutSeconds: options.timeoutSeconds }]),
  );
  const byCount = new Map<string, number>();
  for (const server of servers) {
    const load = loads.get(server.name)!;
    if (!options.minRequests) {
      await runLoad({ ...load, seconds: options.warmup });
      continue;
    }
    const warm = await runLoad({ ...load, seconds: options.warmup, amount: options.connections * 2 });
    const mean = warm.latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, warm.latencies.length);
    if ((mean * options.minRequests) / options.connections > options.seconds * 1000)
      byCount.set(server.name, Math.max(options.connections, Math.ceil(options.minRequests / 2)));
  }
  const runs = new Map<string, LoadRun[]>(servers.map((server) => [server.name, []]));
  for (const server of [...servers, ...[...servers].reverse()]) {
    const amount = byCount.get(server.name);
    const cpuBefore = server.cpuSeconds();
    const run = await runLoad({ ...loads.get(server.name)!, seconds: options.seconds / 2, ...(amount ? { amount } : {}) });
    const cpuAfter = server.cpuSeconds();
    runs.get(server.name)!.push(cpuBefore !== undefined && cpuAfter !== undefined ? { ...run, cpuSeconds: cpuAfter - cpuBefore } : run);
  }
  return new Map([...runs].map(([name, list]) => [name, summarise(list)]));
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
    console.log('run npm run build first');
    process.exit(1);
  }

  const cleanups: (() => Promise<void>)[] = [];
  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (const step of cleanups.reverse()) await step().catch((error: unknown) => progress(`cleanup: ${String(error)}`));
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }

  try {
    // ---- scratch database and the two servers
    const maintenance = postgres(MAINTENANCE_URL, { max: 1, onnotice: () => {} });
    cleanups.push(() => maintenance.end());
    const database = `fds_bench_${Date.now().toString(36)}_${process.pid}`;
    await maintenance.unsafe(`create database "${database}"`);
    cleanups.push(async () => {
      await maintenance.unsafe(`drop database if exists "${database}" with (force)`);
      progress(`dropped database ${database}`);
    });
    const databaseUrl = Object.assign(new URL(MAINTENANCE_URL), { pathname: `/${database}` }).toString();

    const [nextPort, barePort] = [await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      // The flags `npm start` gives the server (package.json's config), so that the bench measures what is deployed.
      NODE_OPTIONS: [SERVER_NODE_OPTIONS, process.env.NODE_OPTIONS].filter(Boolean).join(' '),
      DATABASE_URL: databaseUrl,
      APP_ENV: 'production',
      APP_SECRET: crypto.randomBytes(32).toString('hex'),
      PORT: String(nextPort),
      ACCESS_TOKEN_TTL_SECONDS: String(24 * 3600),
      // The bench writes far more per account than any client should: no rate limit gets in the way of the figures.
      RATE_LIMIT_WRITES_PER_ACCOUNT: '0',
      RATE_LIMIT_WRITES_PER_CLIENT: '0',
      RATE_LIMIT_TOKEN_REQUESTS_PER_CLIENT: '0',
      RATE_LIMIT_SIGNUPS_PER_CLIENT: '0',
      // The PDF part reads the request thread's heap from the server's own metrics.
      METRICS_TOKEN: crypto.randomBytes(16).toString('hex'),
    };
    if (CPU_PROF) fs.mkdirSync(CPU_PROF, { recursive: true });
    // Node refuses --cpu-prof in NODE_OPTIONS: it goes before the script (next start serves in its own process).
    const profiled = (name: string): string[] => (CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.join(CPU_PROF, name)}`] : []);
    progress(`starting next start on ${nextPort} (database ${database})`);
    const next = await startServer({
      name: 'next',
      args: [...profiled('next'), NEXT_CLI, 'start', '-p', String(nextPort), '-H', '127.0.0.1'],
      env,
      port: nextPort,
      readyPath: '/api/heartbeat',
    });
    cleanups.push(() => next.stop());
    progress(`starting bare node:http server on ${barePort}`);
    const bare = await startServer({
      name: 'bare',
      // Profiled, tsx runs as a loader in the server's own process (its CLI would start a child the flag misses).
      args: CPU_PROF
        ? [...profiled('bare'), SERVER_CONDITION, '--import', 'tsx', 'scripts/bench/bare-server.ts']
        : [TSX_CLI, SERVER_CONDITION, 'scripts/bench/bare-server.ts'],
      env: { ...env, BARE_PORT: String(barePort) },
      port: barePort,
      readyPath: '/healthz',
    });
    cleanups.push(() => bare.stop());
    const servers: Server[] = [next, bare];
    const limitPort = await freePort();
    progress(`starting the limit server (node:http, one query per GET) on ${limitPort}`);
    const limit = await startServer({
      name: 'limit',
      args: [TSX_CLI, 'scripts/bench/limit-server.ts'],
      env: { ...env, LIMIT_PORT: String(limitPort) },
      port: limitPort,
      readyPath: '/healthz',
    });
    cleanups.push(() => limit.stop());

    const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
    cleanups.push(() => sql.end());
    const [settings] = await sql<{ version: string; shared_buffers: string; work_mem: string }[]>`
      select current_setting('server_version') as version, current_setting('shared_buffers') as shared_buffers, current_setting('work_mem') as work_mem`;

    // ---- a client system and the measured account (production: issuing costs a credit, so it gets plenty)
    const created = await admin(env, ['client:create', '--name', 'bench']);
    const client = { id: String(created.clientId), secret: String(created.clientSecret) };
    const account = await registerAccount(next.url, env, client, 'bench@bench.invalid');
    await admin(env, ['credits:add', '--account', account.accountNumber, '--amount', '100000000']);
    const auth = { Authorization: `Bearer ${account.token}`, Accept: 'application/json' };
    // A failed fetch says nothing of why: show what the server printed last (a crash, an out-of-memory).
    const pdf = () =>
      benchPdf({ next, sql, token: account.token, metricsToken: env.METRICS_TOKEN! }).catch((error: unknown) => {
        throw new Error(
          `${error instanceof Error ? `${error.message} (${String(error.cause)})` : String(error)}\n--- next start printed last:\n${next.output()}`,
          { cause: error },
        );
      });
    // BENCH_PDF_ONLY=1: only the PDF figures (scripts/bench/pdf.ts), without the load and list tiers.
    if (process.env.BENCH_PDF_ONLY === '1') return await pdf();

    console.log('Freight Document Service benchmark');
    console.log(
      `${new Date().toISOString()}  node ${process.version}  ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}  ` +
        `PostgreSQL ${settings!.version} (shared_buffers ${settings!.shared_buffers}, work_mem ${settings!.work_mem})  ` +
        `servers' NODE_OPTIONS: ${env.NODE_OPTIONS || '(none)'}`,
    );
    console.log(
      `APP_ENV=production (issue debits a credit). Per operation and server: ${WARMUP_SECONDS}s warm-up, then ${SECONDS}s × ${CONNECTIONS} connections ` +
        `in two halves (order next, bare, bare, next). autocannon, both servers and PostgreSQL share this machine; load average at start ${loadAverage()}\n`,
    );

    // ---- create, get, list, issue under load on both servers
    if (PARTS.includes('load')) {
      const results: { operation: string; server: string; result: LoadResult }[] = [];
      const measure = async (operation: string, loadFor: (server: Server) => Omit<LoadOptions, 'url' | 'connections' | 'seconds'>) => {
        const measured = await sideBySide(servers, loadFor, { seconds: SECONDS, connections: CONNECTIONS, warmup: WARMUP_SECONDS });
        for (const server of servers) {
          const result = measured.get(server.name)!;
          results.push({ operation, server: server.name, result });
          progress(
            `${operation} on ${server.name}: ${fixed(result.rps)} req/s, p50 ${fixed(result.p50)} ms, p99 ${fixed(result.p99)} ms, non-2xx ${result.non2xx}, ` +
              `CPU ${fixed(result.cpuMsPerRequest ?? NaN, 3)} ms/request`,
          );
        }
      };

      const body = JSON.stringify(DOCUMENT_BODY);
      // One of each request by hand first: a load of error answers would be fast and meaningless.
      for (const server of servers) {
        const { freightDocumentId } = await expectJson(
          await fetch(`${server.url}/api/freightdocuments`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body }),
          201,
          `create on ${server.name}`,
        );
        await expectJson(await fetch(`${server.url}/api/freightdocuments/${freightDocumentId}`, { headers: auth }), 200, `get on ${server.name}`);
        await expectJson(await fetch(`${server.url}/api/freightdocuments`, { headers: auth }), 200, `list on ${server.name}`);
        await expectJson(
          await fetch(`${server.url}/api/freightdocuments/${freightDocumentId}/issue`, { method: 'POST', headers: auth }),
          200,
          `issue on ${server.name}`,
        );
      }
      if (OPERATIONS.includes('floor')) await measure('floor', () => ({ method: 'GET', path: '/api/no-such-path', headers: auth }));
      if (OPERATIONS.includes('create'))
        await measure('create', () => ({ method: 'POST', path: '/api/freightdocuments', headers: { ...auth, 'Content-Type': 'application/json' }, body }));

      const readable = (
        await sql<{ id: string }[]>`
      select id from freight_documents where submitter_account_id = ${account.accountId} order by random() limit 1000`
      ).map((row) => row.id);
      let limitGet: LoadResult | undefined;
      if (OPERATIONS.includes('get')) {
        await measure('get', () => {
          let turn = 0;
          return { method: 'GET', path: () => `/api/freightdocuments/${readable[turn++ % readable.length]}`, headers: auth };
        });

        // The same GETs on the limit server: one query each, nothing else.
        limitGet = (
          await sideBySide(
            [limit],
            () => {
              let turn = 0;
              return { method: 'GET', path: () => `/api/freightdocuments/${readable[turn++ % readable.length]}`, headers: auth };
            },
            { seconds: SECONDS, connections: CONNECTIONS, warmup: WARMUP_SECONDS },
          )
        ).get('limit')!;
        progress(`get on limit: ${fixed(limitGet.rps)} req/s, p50 ${fixed(limitGet.p50)} ms`);
      }

      if (OPERATIONS.includes('list')) await measure('list', () => ({ method: 'GET', path: '/api/freightdocuments', headers: auth }));

      if (OPERATIONS.includes('issue')) {
        // Issue needs a DRAFT per request: seed more than the fastest create run could get through, per server.
        const fastestCreate = Math.max(...results.filter((entry) => entry.operation === 'create').map((entry) => entry.result.rps));
        const draftsPerServer = Math.ceil(Math.max(2000, fastestCreate * 3) * (SECONDS + WARMUP_SECONDS));
        progress(`seeding ${draftsPerServer} DRAFT documents per server for issue`);
        const drafts = new Map<string, string[]>();
        for (const [index, server] of servers.entries()) {
          const prefix = `drafts-${server.name}`;
          await seedDocuments(sql, {
            prefix,
            from: 1,
            to: draftsPerServer,
            owners: [account.accountId],
            serviceNumberBase: 700e9 + index * 10e9,
            status: 'draft',
          });
          drafts.set(
            server.name,
            (await sql<{ id: string }[]>`select md5(${prefix} || ':' || i)::uuid::text as id from generate_series(1, ${draftsPerServer}::int) as i`).map(
              (row) => row.id,
            ),
          );
        }
        await vacuumAnalyze(sql);
        await measure('issue', (server) => {
          const ids = drafts.get(server.name)!;
          let turn = 0;
          // Past the last draft the request re-issues an issued document (409): visible as non-2xx, never silent.
          return { method: 'POST', path: () => `/api/freightdocuments/${ids[Math.min(turn++, ids.length - 1)]}/issue`, headers: auth };
        });
      }

      const resultOf = (operation: string, server: string) => results.find((entry) => entry.operation === operation && entry.server === server)?.result;
      const rows: string[][] = [];
      for (const operation of OPERATIONS) {
        const [n, b] = [resultOf(operation, 'next')!, resultOf(operation, 'bare')!];
        rows.push(resultRow(operation, 'next', n), resultRow(operation, 'bare', b));
        // CPU per request the other way round (bare/next), so that both ratios read "1 is no cost of Next.js".
        const cpuRatio = b.cpuMsPerRequest && n.cpuMsPerRequest ? `${fixed(b.cpuMsPerRequest / n.cpuMsPerRequest, 2)}x` : '';
        rows.push([operation, 'next/bare', `${fixed(n.rps / b.rps, 2)}x`, `${fixed(n.p50 / b.p50, 2)}x`, `${fixed(n.p99 / b.p99, 2)}x`, cpuRatio, '', '']);
      }
      if (limitGet) rows.push(resultRow('get', 'limit', limitGet));
      console.log(table(['operation', 'server', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'non-2xx', 'requests'], rows, 2));
      const rpsOf = (operation: string, server: string) => resultOf(operation, server)?.rps;
      const ratio = (operation: string) => rpsOf(operation, 'next')! / rpsOf(operation, 'bare')!;
      // Issue 24's targets: GET ≥ 0.6 (Next.js's own floor bounds it), the others ≥ 0.8.
      const target = (operation: string) => (operation === 'get' ? 0.6 : operation === 'floor' ? undefined : 0.8);
      console.log(
        `\nnext/bare req/s: ${OPERATIONS.map((operation) => `${operation} ${fixed(ratio(operation), 2)}${target(operation) ? ` (target ≥ ${target(operation)})` : ''}`).join(', ')}`,
      );
      const cpuOf = (operation: string, server: string) => resultOf(operation, server)?.cpuMsPerRequest;
      if (OPERATIONS.every((operation) => cpuOf(operation, 'next') && cpuOf(operation, 'bare')))
        console.log(
          `CPU per request, bare/next (the servers' own processes; steadier than req/s when other work shares the machine): ` +
            OPERATIONS.map((operation) => `${operation} ${fixed(cpuOf(operation, 'bare')! / cpuOf(operation, 'next')!, 2)}`).join(', ') +
            // What Next.js and our wrapper add to a request in CPU, whatever the work costs: the ratio above falls as the work gets cheaper.
            `\nCPU Next.js adds per request (next − bare, ms): ` +
            OPERATIONS.map((operation) => `${operation} ${fixed(cpuOf(operation, 'next')! - cpuOf(operation, 'bare')!, 2)}`).join(', '),
        );
      const nextGet = rpsOf('get', 'next');
      const [nextFloor, bareFloor, bareGet] = [rpsOf('floor', 'next'), rpsOf('floor', 'bare'), rpsOf('get', 'bare')];
      if (nextFloor && bareFloor) {
        // Per-request time at saturation; what Next.js adds to a request that does nothing bounds every ratio above.
        const added = 1000 / nextFloor - 1000 / bareFloor;
        console.log(
          `floor (GET of an unknown path, 404 by design, no database): next ${fixed(1000 / nextFloor, 2)} ms, bare ${fixed(1000 / bareFloor, 2)} ms per request; ` +
            `Next.js adds ${fixed(added, 2)} ms` +
            (bareGet
              ? `, so a GET costing ${fixed(1000 / bareGet, 2)} ms bare can reach at best next/bare ${fixed(1000 / bareGet / (1000 / bareGet + added), 2)}`
              : ''),
        );
      }
      if (limitGet && nextGet !== undefined)
        console.log(
          `machine limit (node:http, one query per GET, nothing else): ${fixed(limitGet.rps)} req/s; next GET is ${fixed((100 * nextGet) / limitGet.rps)}% of it ` +
            `(target ≥ 8%)` +
            (bareGet ? `, bare GET ${fixed((100 * bareGet) / limitGet.rps)}% (target ≥ 25%)` : '') +
            `; half of it would be ${fixed(limitGet.rps / 2)} req/s`,
        );

      // ---- database round trips per request (the same count tests/services/round-trips.test.ts keeps from rising)
      const recorded = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/services/round-trips.json'), 'utf8')) as Record<string, number>;
      const trips = await measureRoundTrips((logger) => openPostgres(databaseUrl, { logger }));
      console.log(`\nDatabase round trips per request (token, write rate limits, service; BEGIN and COMMIT count):`);
      console.log(
        table(
          ['operation', 'round trips', 'recorded maximum'],
          ENDPOINTS.map((endpoint) => [endpoint, String(trips[endpoint]), String(recorded[endpoint])]),
          1,
        ),
      );
    }

    if (PARTS.includes('pdf')) await pdf();
    if (PARTS.includes('verify')) await benchVerification({ next, sql, token: account.token, accountNumber: account.accountNumber });
    // The gate's read of a 500-line document, on a server of its own with eFTI on (scripts/bench/efti.ts).
    if (PARTS.includes('efti')) await benchEfti({ env, token: account.token, cleanups });
    if (PARTS.includes('blobs')) await benchBlobs({ env, token: account.token, maintenanceUrl: MAINTENANCE_URL, progress });
    // A third account's webhook beside two accounts' hanging backlogs, on a server and database of its own (webhook-fairness.ts).
    if (PARTS.includes('webhooks')) await benchWebhookFairness({ env, maintenance, register: registerAccount, cleanups, progress });

    // ---- the heartbeat while many-keys bodies arrive at every public surface and the file route (issue 32 H1)
    if (PARTS.includes('gate')) {
      const basic = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
      await benchBodyGate({ next, token: account.token, basic, table, progress });
    }

    // ---- the tablet's open hand-over screens polling tablet.handOverHeads (issue 31)
    if (PARTS.includes('watch'))
      await benchHandOverWatch({
        next,
        account: { email: 'bench@bench.invalid', password: PASSWORD, token: account.token },
        connections: CONNECTIONS,
        seconds: SECONDS,
        table,
        progress,
      });

    // ---- list latency with 10k and 1M documents for one account
    if (PARTS.includes('list')) {
      console.log(
        `\nList latency: GET /api/freightdocuments, ${LIST_SECONDS}s × ${LIST_CONNECTIONS} connections per query and server ` +
          `(at least ${LIST_MIN_REQUESTS} requests). ` +
          'The account holds SUBMITTER in N documents; 20 other accounts own another N it holds no role in.',
      );
      const lister = await registerAccount(next.url, env, client, 'lister@bench.invalid');
      const others = await seedOtherAccounts(sql, 20);
      const tiers = [{ label: '10k', size: 10_000 }, ...(LARGE ? [{ label: '1M', size: 1_000_000 }] : [])];
      const listRows: string[][] = [];
      let seeded = 0;
      for (const tier of tiers) {
        const started = Date.now();
        const load = async () => {
          const report = (population: string) => (done: number) => progress(`${tier.label}: ${population} ${done}/${tier.size}`);
          await seedDocuments(
            sql,
            { prefix: 'lister', from: seeded + 1, to: tier.size, owners: [lister.accountId], serviceNumberBase: 500e9, status: 'mix' },
            report('account'),
          );
          await seedDocuments(
            sql,
            { prefix: 'others', from: seeded + 1, to: tier.size, owners: others, serviceNumberBase: 600e9, status: 'mix' },
            report('others'),
          );
        };
        await (tier.size - seeded >= 100_000 ? withIndexesDeferred(sql, load) : load());
        await vacuumAnalyze(sql);
        seeded = tier.size;
        const [counts] = await sql<{ documents: number; roles: number }[]>`
        select (select count(*) from freight_documents)::int as documents, (select count(*) from document_roles)::int as roles`;
        console.log(`${tier.label}: seeded in ${fixed((Date.now() - started) / 1000)} s; table now ${counts!.documents} documents, ${counts!.roles} roles`);

        if (EXPLAIN) {
          // Buffers and planning lines left out: the plan shapes and times are the evidence.
          const compact = (plan: string) =>
            plan
              .split('\n')
              .filter((line) => !/^\s*(Buffers|Planning|Heap Fetches)/.test(line))
              .join('\n');
          for (const [label, query] of LIST_MIX) {
            const [page, count] = await explainList(databaseUrl, lister.accountId, query);
            console.log(`\nEXPLAIN ANALYZE ${tier.label} ${label}: page\n${compact(page ?? '')}\n-- count\n${compact(count ?? '')}`);
          }
        }

        for (const [label, query] of LIST_MIX) {
          const path = `/api/freightdocuments${query ? `?${query}` : ''}`;
          const headers = { Authorization: `Bearer ${lister.token}`, Accept: 'application/json' };
          const measured = await sideBySide(servers, () => ({ method: 'GET', path, headers }), {
            seconds: LIST_SECONDS,
            connections: LIST_CONNECTIONS,
            warmup: LIST_SECONDS,
            minRequests: LIST_MIN_REQUESTS,
            timeoutSeconds: 120,
          });
          for (const server of servers) {
            const result = measured.get(server.name)!;
            progress(`list ${tier.label} ${label} on ${server.name}: p95 ${fixed(result.p95)} ms`);
            listRows.push([
              tier.label,
              label,
              server.name,
              String(result.requests),
              fixed(result.rps),
              fixed(result.p50),
              fixed(result.p95),
              fixed(result.p99),
              String(result.non2xx + result.errors),
            ]);
          }
        }
      }
      console.log(table(['docs', 'query', 'server', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx'], listRows, 3));
    }
    console.log(`\nload average at end ${loadAverage()} (other work on this machine makes figures noisy)`);
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
