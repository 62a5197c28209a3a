/**
 * Finding of issue 20 (High): a 24 MB deeply nested JSON body, under the size limit, sent to a public tRPC procedure
 * or to the sign-in callback blocked the event loop ~5.5 s per request (JSON.parse, then the depth check) and took
 * the service down for ~20 s. Contract §1: the nesting is counted on the bytes as they arrive, before any parser,
 * on every route; routes without files take 1 MiB. A server of its own, so that its heartbeat and memory are its own.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postRawBody } from '../support/raw-request';
import type { RunningServer } from '../support/server';
import { serverRss } from '../support/server-memory';
import { Driver, serverTarget, startOwnServer } from './driver';

const NESTED_BYTES = 24 * 1024 * 1024;
/** Prints one line per heartbeat: how long it took, in ms. First line "ready" once the first heartbeat answered. */
const HEARTBEAT_PROBE = `
const url = process.argv[1];
let first = true;
(async () => {
  for (;;) {
    const started = performance.now();
    const reply = await fetch(url);
    await reply.arrayBuffer();
    process.stdout.write(first ? 'ready\\n' : (performance.now() - started).toFixed(1) + '\\n');
    first = false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
})();
`;
let server: RunningServer;
let api: Driver;
let bearer = '';

beforeAll(async () => {
  server = await startOwnServer('security-body-gate');
  api = new Driver(serverTarget(server));
  const client = await api.createClient({ name: 'Body gate' });
  bearer = (await api.login(client, await api.createActiveAccount(client))).access_token;
});

afterAll(async () => {
  await server?.dispose();
});

/** POSTs `[[[[…` (24 MB), declared by Content-Length or chunked; resolves with the status and the error list. */
async function sendNested(path: string, declareLength: boolean, headers: Record<string, string> = {}): Promise<{ status: number; codes: string[] }> {
  const chunk = Buffer.alloc(256 * 1024, '[');
  const answer = await postRawBody(server.baseUrl, { path, declareLength, totalBytes: NESTED_BYTES, chunk, headers });
  return { status: answer.status, codes: [...answer.body.matchAll(/"code":"([\d.]+)"/g)].map((match) => match[1]!) };
}

describe('nested bodies are refused while they arrive (contract §1)', () => {
  it('24 MB of nesting to tRPC, the sign-in callback and REST, in parallel with heartbeats: each 2.4, heartbeats stay fast', async () => {
    const before = serverRss(server.pid);
    let peakRss = before;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, serverRss(server.pid))), 25);
    // The heartbeat is probed from a process of its own, so that this process pumping the attacks does not delay it.
    const probe = spawn(process.execPath, ['-e', HEARTBEAT_PROBE, `${server.baseUrl}/api/heartbeat`], { stdio: ['ignore', 'pipe', 'inherit'] });
    let probeOutput = '';
    probe.stdout.on('data', (data: Buffer) => (probeOutput += data.toString('utf8')));
    const probeEnded = new Promise((resolve) => probe.on('close', resolve));
    await new Promise((resolve) => probe.stdout.once('data', resolve));
    // Each lane sends its attack at least three times, and on until the probe has timed a few heartbeats during the
    // attack: the gate refuses so fast (under 300 ms for all of them on Node 24) that three rounds may end first.
    const heartbeatsSoFar = () => probeOutput.split('\n').filter((line) => /^\d/.test(line)).length;
    const lane = async (attack: () => Promise<{ status: number; codes: string[] }>) => {
      const results = [];
      for (let round = 0; round < 3 || (heartbeatsSoFar() < 5 && round < 60); round += 1) results.push(await attack());
      return results;
    };
    const lanes = await Promise.all([
      // A public procedure (1 MiB) by its declared length, and chunked (the nesting decides first).
      lane(() => sendNested('/api/trpc/account.signUp', true)),
      lane(() => sendNested('/api/trpc/account.signUp', false)),
      // A procedure that takes images (up to MAX_BODY_BYTES): the nesting decides.
      lane(() => sendNested('/api/trpc/tablet.comment', true)),
      lane(() => sendNested('/api/auth/callback/credentials', false)),
      lane(() => sendNested('/api/freightdocuments', true, { Authorization: `Bearer ${bearer}` })),
      lane(() => sendNested('/api/freightdocuments', false, { Authorization: `Bearer ${bearer}` })),
    ]);
    probe.kill('SIGTERM');
    await probeEnded;
    clearInterval(sampler);
    const heartbeats = probeOutput
      .split('\n')
      .filter((line) => /^\d/.test(line))
      .map(Number);
    const outcomes = lanes.map((results) => results[0]!);
    for (const results of lanes) expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1);
    const [signUpDeclared, ...nested] = outcomes;
    expect(signUpDeclared).toEqual({ status: 413, codes: ['2.4'] });
    for (const outcome of nested) expect(outcome).toEqual({ status: 400, codes: ['2.4'] });
    const slowest = Math.max(...heartbeats);
    const sorted = [...heartbeats].sort((a, b) => a - b);
    console.log(`heartbeats: ${heartbeats.length}, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms`);
    // 100 ms is the contract's bound (the median here); the test machine is shared with other builds (load above 10 on
    // two cores), so a single slow heartbeat is given slack: before the gate, each one took 5.5 s.
    expect(heartbeats.length).toBeGreaterThan(2);
    expect(sorted[Math.floor(sorted.length / 2)]!).toBeLessThan(100);
    expect(slowest).toBeLessThan(1_500);
    expect((peakRss - before) / 1024 / 1024).toBeLessThan(100);
  });

  it('routes without files take 1 MiB; the file routes up to MAX_BODY_BYTES', async () => {
    const justOver = JSON.stringify({ text: 'x'.repeat(1_048_576) });
    const plates = await api.request('PATCH', '/api/freightdocuments/unknown-document/licenseplates', {
      body: justOver,
      headers: { 'Content-Type': 'application/json' },
      bearer,
    });
    expect(plates.status).toBe(413);
    expect(plates.body.errors).toEqual([expect.objectContaining({ code: '2.4', field: 'Content-Length' })]);
    // A file route reads the same body and judges its content.
    const created = await api.post('/api/freightdocuments', { body: justOver, headers: { 'Content-Type': 'application/json' }, bearer });
    expect(created.status).toBe(400);
    expect(created.body.errors.map((error: { code: string }) => error.code)).not.toContain('2.4');
  });

  it('64 levels are read as JSON; 65 are 2.4 (400) on REST and tRPC alike', async () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const rest = async (levels: number) => api.post('/api/freightdocuments', { body: nested(levels), headers: { 'Content-Type': 'application/json' }, bearer });
    expect((await rest(64)).body.errors.map((error: { code: string }) => error.code)).not.toContain('2.4');
    const refused = await rest(65);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ code: '2.4' })]);
    const trpc = await fetch(`${server.baseUrl}/api/trpc/portal.saveTemplate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"name":"deep","body":${nested(5000)}}`,
    });
    expect(trpc.status).toBe(400);
    expect(((await trpc.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('2.4');
  });
});

describe('Cache-Control: no-store on answers that carry a document, secrets or tokens (contract §1)', () => {
  it('the document as JSON and PGP, the token answer, the account, tRPC answers and errors', async () => {
    const client = await api.createClient({ name: 'No store' });
    const account = await api.createActiveAccount(client);
    const tokens = await api.token(client, { grant_type: 'password', username: account.email, password: account.password });
    expect(tokens.headers.get('cache-control')).toBe('no-store');
    const token = tokens.body.access_token as string;
    const created = await api.post('/api/freightdocuments', {
      bearer: token,
      json: {
        type: 'WAYBILL',
        consignor: { name: 'A', countryCode: 'NLD' },
        consignee: { name: 'B', countryCode: 'DEU' },
        placeOfTakingOver: { name: 'Dock', countryCode: 'NLD' },
        goods: 'Pallets',
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const path = `/api/freightdocuments/${created.body.freightDocumentId}`;
    for (const accept of ['application/json', 'application/vnd.freightdocument.v1+pgp-signature']) {
      const reply = await api.get(path, { bearer: token, headers: { Accept: accept } });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control'), accept).toBe('no-store');
    }
    expect((await api.me(token)).headers.get('cache-control')).toBe('no-store');
    expect((await api.get('/api/freightdocuments/nope', { bearer: token })).headers.get('cache-control')).toBe('no-store');
    const trpc = await fetch(`${server.baseUrl}/api/trpc/account.me`);
    expect(trpc.headers.get('cache-control')).toBe('no-store');
  });
});
