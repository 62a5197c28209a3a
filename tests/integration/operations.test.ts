/**
 * Operations (issue 13): JSON logs with a request id on every line of a request and on every answer, Prometheus
 * metrics behind METRICS_TOKEN, and a heartbeat that tells whether the database answers.
 *
 * @backends every: the heartbeat asks the database, and the metrics count per instance.
 */
import fs from 'node:fs';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { validBody } from './documents-support';
import { Driver, expectError, serverTarget, startOwnServer, type Account, type Client } from './driver';
import { signedInSession } from './portal-session';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: RunningServer;
/** A server without METRICS_TOKEN: the shared one has the tests' token, so that files can read its job table (global-setup.ts). */
let tokenless: RunningServer;
let api: Driver;
let client: Client;
let account: Account;
let token: string;

beforeAll(async () => {
  [server, tokenless] = await Promise.all([startOwnServer('operations', { METRICS_TOKEN }), startOwnServer('operations-no-metrics')]);
  api = new Driver(serverTarget(server));
  client = await api.createClient({ name: 'Operations' });
  account = await api.createActiveAccount(client);
  token = (await api.login(client, account)).access_token;
});

afterAll(async () => {
  await Promise.all([server?.dispose(), tokenless?.dispose()]);
});

/** The server's log so far, line by line, each parsed as JSON (all of ours are; Next.js's start banner is not). */
function logLines(): Record<string, any>[] {
  return fs
    .readFileSync(server.logFile, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

describe('request ids and logs', () => {
  it('gives every answer an X-Request-Id: REST, unknown paths, tRPC, next-auth and portal pages', async () => {
    const portal = await signedInSession(api, account.email, account.password);
    const answers = [
      await api.get('/api/accounts/users/me', { bearer: token }),
      await api.get('/api/no/such/path'),
      await api.post('/api/freightdocuments', { bearer: token, body: '{', headers: { 'Content-Type': 'application/json' } }),
      await portal.trpcQuery('account.me'),
      await portal.get('/api/auth/session'),
      await portal.get('/documents'),
    ];
    for (const answer of answers) expect(answer.headers.get('x-request-id')).toMatch(UUID);
    expect(new Set(answers.map((answer) => answer.headers.get('x-request-id'))).size).toBe(answers.length);
  });

  it('keeps a sane incoming id and puts it on the access line; replaces one that is not', async () => {
    const kept = await api.get('/api/freightdocuments/no-such-id', { bearer: token, headers: { 'X-Request-Id': 'lb-7f3a.42' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const replaced = await api.get('/api/heartbeat', { headers: { 'X-Request-Id': 'spaces are not sane' } });
    expect(replaced.headers.get('x-request-id')).toMatch(UUID);
    // Log lines are written in batches, at least every 100 ms (observability/logger.ts).
    await expect.poll(() => logLines().find((entry) => entry.requestId === 'lb-7f3a.42')).toBeDefined();
    const line = logLines().find((entry) => entry.requestId === 'lb-7f3a.42');
    expect(line).toMatchObject({ level: 'info', msg: 'request', method: 'GET', route: '/api/freightdocuments/[id]', status: 404 });
    expect(line!.durationMs).toEqual(expect.any(Number));
  });

  it('writes JSON lines only, each line of a request with its id, and never a query string or a token in a path', async () => {
    await api.get('/api/freightdocuments?filters=consignor.name.eq.SECRET-IN-QUERY', { bearer: token });
    await api.get('/api/accounts/activation/SECRETACTIVATIONTOKEN0123456789abcdefghij', { headers: { Accept: 'application/json' } });
    await expect.poll(() => logLines().some((entry) => entry.route === '/api/accounts/activation/[token]')).toBe(true);
    const raw = fs.readFileSync(server.logFile, 'utf8');
    expect(raw).not.toContain('SECRET-IN-QUERY');
    expect(raw).not.toContain('SECRETACTIVATIONTOKEN');
    expect(raw).not.toContain(token);
    const lines = logLines();
    expect(lines.find((entry) => entry.route === '/api/accounts/activation/[token]')).toBeDefined();
    for (const entry of lines.filter((line) => line.msg === 'request')) expect(entry.requestId).toEqual(expect.any(String));
    // Nothing of ours is plain text: every line after Next.js's banner is JSON.
    const afterBanner = raw.split('\n').filter((text) => text.trim() && !/^( ?▲|- |✓ |\s)/.test(text));
    for (const text of afterBanner) expect(() => JSON.parse(text), text).not.toThrow();
  });
});

describe('GET /api/metrics', () => {
  it('does not exist while METRICS_TOKEN is unset', async () => {
    expectError(await new Driver(serverTarget(tokenless)).get('/api/metrics', { headers: { Accept: 'text/plain' } }), 404, '2.2');
  });

  it('needs the bearer token: 1.8 without one, 1.11 for another', async () => {
    expectError(await api.get('/api/metrics', { headers: { Accept: 'text/plain' } }), 401, '1.8');
    expectError(await api.get('/api/metrics', { bearer: `${METRICS_TOKEN}x`, headers: { Accept: 'text/plain' } }), 401, '1.11');
  });

  it('serves Prometheus text: requests per route and status, latency, queue depth and age, webhook, job and PDF families', async () => {
    await api.post('/api/freightdocuments', { bearer: token, json: validBody() });
    const reply = await api.get('/api/metrics', { bearer: METRICS_TOKEN, headers: { Accept: 'text/plain;version=0.0.4, */*;q=0.1' } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0.0.4/);
    const text = reply.text;
    expect(text).toMatch(/^fds_http_requests_total\{method="POST",route="\/api\/freightdocuments",status="201"\} [1-9]/m);
    expect(text).toMatch(/^fds_http_request_duration_seconds_count\{method="POST",route="\/api\/freightdocuments",status="201"\} [1-9]/m);
    expect(text).toMatch(/^fds_jobs_pending\{kind="mail.send",state="due"\} \d+/m);
    expect(text).toMatch(/^fds_jobs_oldest_due_age_seconds\{kind="webhook.deliver"\} [\d.]+/m);
    expect(text).toMatch(/^fds_jobs_runs_total\{kind="mail.send",outcome="completed"\} [1-9]/m);
    for (const family of [
      'fds_webhook_attempts_total',
      'fds_pdf_render_duration_seconds',
      'fds_rate_limited_total',
      'fds_idempotent_replays_total',
      'fds_process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
    // No label carries an id: routes are patterns.
    expect(text).not.toMatch(/route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}/);
  });
});

describe('GET /api/heartbeat', () => {
  it('is UP with the build version while the database answers', async () => {
    const reply = await api.get('/api/heartbeat');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'UP', buildVersion: expect.any(String) });
  });

  it.runIf(inject('dbKind') === 'postgres')('is DOWN (503) while the database refuses connections, and UP again after', async () => {
    const name = new URL(server.databaseUrl!).pathname.slice(1);
    const admin = postgres(inject('adminDatabaseUrl'), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`alter database ${name} allow_connections false`);
      await admin.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
      const down = await api.get('/api/heartbeat');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ status: 'DOWN', buildVersion: expect.any(String), errors: [{ code: '5.0', description: expect.any(String) }] });
    } finally {
      await admin.unsafe(`alter database ${name} allow_connections true`);
      await admin.end();
    }
    let up = await api.get('/api/heartbeat');
    for (let i = 0; i < 20 && up.status !== 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      up = await api.get('/api/heartbeat');
    }
    expect(up.status).toBe(200);
  });
});
