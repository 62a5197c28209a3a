/**
 * Issue 32, H1 (High): one request froze the server. The gate counted bytes and depth, not keys or values, and
 * `tablet.answerHandover` (no session) took 25 MB and lifted every procedure of its batch to 25 MB: 2.2 million keys
 * stalled the heartbeat 3.9 s, 8 million `{}` 2.4 s, 1 MiB of keys on `account.signUp` 270–445 ms, and an
 * authenticated 24 MB many-keys `POST /freightdocuments` 10.7 s. Contract §1: at most 10,000 keys per object and
 * 200,000 values, counted while the bytes arrive (2.4, 413); a procedure without a session takes at most 1 MiB (the
 * hand-over answer 2 MiB); a batch gets its smallest limit; no request holds the request thread over 100 ms.
 * Every public surface (REST, OAuth, tRPC, next-auth) and the file route are flooded at once while a process of
 * its own times the heartbeat. A server of its own, so that its heartbeat is its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeartbeatProbe } from '../support/heartbeat-probe';
import { postRawBody } from '../support/raw-request';
import type { RunningServer } from '../support/server';
import { basicHeader, Driver, serverTarget, startOwnServer, type Client } from './driver';
import { floodBodies } from '../support/flood-bodies';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
let server: RunningServer;
let api: Driver;
let client: Client;
let bearer = '';
const bodies = floodBodies();

beforeAll(async () => {
  server = await startOwnServer('security-body-counts');
  api = new Driver(serverTarget(server));
  client = await api.createClient({ name: 'Body counts' });
  bearer = (await api.login(client, await api.createActiveAccount(client))).access_token;
});

afterAll(async () => {
  await server?.dispose();
});

interface Outcome {
  status: number;
  codes: string[];
}

/** Sends a whole body, declared by Content-Length or chunked; the answer's status and error codes. */
async function send(path: string, body: Buffer, options: { type?: string; chunked?: boolean; headers?: Record<string, string> } = {}): Promise<Outcome> {
  const chunk = options.chunked ? body.subarray(0, Math.min(body.length, 256 * 1024)) : body;
  // Chunked: the body's first 256 KiB again and again up to its length (the gate refuses long before the end).
  const answer = await postRawBody(server.baseUrl, {
    path,
    declareLength: !options.chunked,
    totalBytes: body.length,
    chunk,
    contentType: options.type ?? JSON_TYPE,
    headers: options.headers,
  });
  return { status: answer.status, codes: [...answer.body.matchAll(/"code":"([\d.]+)"/g)].map((match) => match[1]!) };
}

const REFUSED = { status: 413, codes: ['2.4'] };

type Attack = [name: string, attack: () => Promise<Outcome>, expected: Outcome | 'not 413'];

/** Sends every attack three times in its own lane, all lanes at once, while a process of its own times the heartbeat. */
async function floodWithHeartbeat(attacks: Attack[], maxBound = 300) {
  // Once each before the probe starts: the first request of a route after the server started loads its code (the tRPC
  // router, next-auth), hundreds of milliseconds that are the start's, not the body's.
  for (const [, attack] of attacks) await attack();
  const probe = await startHeartbeatProbe(server.baseUrl);
  // Each attack three times in its own lane, all lanes at once, and on until the probe has timed enough heartbeats.
  const slowest: number[] = attacks.map(() => 0);
  const lane = async (attack: () => Promise<Outcome>, index: number) => {
    const results: Outcome[] = [];
    for (let round = 0; round < 3 || (probe.timed() < 20 && round < 30); round += 1) {
      const sent = performance.now();
      results.push(await attack());
      slowest[index] = Math.max(slowest[index]!, performance.now() - sent);
    }
    return results;
  };
  const started = performance.now();
  const lanes = await Promise.all(attacks.map(([, attack], index) => lane(attack, index)));
  const flood = performance.now() - started;
  const heartbeat = await probe.stop();
  console.log(
    `flood of ${attacks.length} lanes, ${lanes.flat().length} requests in ${(flood / 1000).toFixed(1)} s: ` +
      `${heartbeat.count} heartbeats, median ${heartbeat.median.toFixed(1)} ms, max ${heartbeat.max.toFixed(1)} ms\n` +
      attacks.map(([name], index) => `  ${name}: slowest answer ${slowest[index]!.toFixed(0)} ms`).join('\n'),
  );
  attacks.forEach(([name, , expected], index) => {
    for (const outcome of lanes[index]!) {
      if (expected === 'not 413') {
        expect(outcome.status, name).not.toBe(413);
        expect(outcome.status, name).toBeLessThan(500);
      } else expect(outcome, name).toEqual(expected);
    }
  });
  expect(heartbeat.count).toBeGreaterThan(10);
  // Contract §1: 100 ms; the maximum has the margin of a loaded 2-core machine (issue 32's Done-when).
  expect(heartbeat.median).toBeLessThan(100);
  expect(heartbeat.max).toBeLessThan(maxBound);
}

describe('the gate counts keys and values while the bytes arrive (contract §1, issue 32 H1)', () => {
  it('many-keys floods on every public surface and POST /freightdocuments: 2.4 (413) each, the heartbeat stays fast', async () => {
    const auth = { Authorization: `Bearer ${bearer}` };
    const attacks: Attack[] = [
      // REST, public or client-authenticated: 1 MiB routes, so the keys or the fields decide before the size.
      ['oauth/token: 1 MiB of form fields', () => send('/api/oauth/token', bodies.formFields, { type: FORM_TYPE }), REFUSED],
      ['oauth/revoke: 1 MiB of form fields, chunked', () => send('/api/oauth/revoke', bodies.formFields, { type: FORM_TYPE, chunked: true }), REFUSED],
      // A form endpoint given JSON counts no keys in it, and never parses it: the size decides (1 MiB).
      ['oauth/token: 2.2 million keys as JSON, chunked', () => send('/api/oauth/token', bodies.millionsOfKeys, { chunked: true }), REFUSED],
      ['accounts/users: 1 MiB of keys', () => send('/api/accounts/users', bodies.keys1MiB, { headers: { Authorization: basicHeader(client) } }), REFUSED],
      // tRPC procedures that need no session.
      ['tRPC signUp: 1 MiB of keys', () => send('/api/trpc/account.signUp', bodies.keys1MiB), REFUSED],
      ['tRPC signUp: 8 million {}, chunked', () => send('/api/trpc/account.signUp', bodies.eightMillionEmpties, { chunked: true }), REFUSED],
      [
        'tRPC requestPasswordReset: 2.2 million keys, chunked',
        () => send('/api/trpc/portal.requestPasswordReset', bodies.millionsOfKeys, { chunked: true }),
        REFUSED,
      ],
      ['tRPC answerHandover: 2.2 million keys, chunked', () => send('/api/trpc/tablet.answerHandover', bodies.millionsOfKeys, { chunked: true }), REFUSED],
      [
        'tRPC batch naming answerHandover: 2.2 million keys',
        () => send('/api/trpc/account.signUp,tablet.answerHandover?batch=1', bodies.millionsOfKeys, { chunked: true }),
        REFUSED,
      ],
      // next-auth's sign-in, as a form and as JSON.
      ['next-auth credentials: 1 MiB of form fields', () => send('/api/auth/callback/credentials', bodies.formFields, { type: FORM_TYPE }), REFUSED],
      ['next-auth credentials: 1 MiB of keys', () => send('/api/auth/callback/credentials', bodies.keys1MiB), REFUSED],
      // The file route, authenticated, near its 25 MiB.
      ['POST /freightdocuments: 2.2 million keys', () => send('/api/freightdocuments', bodies.millionsOfKeys, { headers: auth }), REFUSED],
      ['POST /freightdocuments: 8 million {}', () => send('/api/freightdocuments', bodies.eightMillionEmpties, { headers: auth }), REFUSED],
    ];
    await floodWithHeartbeat(attacks);
  }, 120_000);

  it('bodies within every count are parsed and validated on the request thread: answered, and the heartbeat stays fast', async () => {
    const auth = { Authorization: `Bearer ${bearer}` };
    const attacks: Attack[] = [
      ['tRPC signUp: 1 MiB of keys within the counts', () => send('/api/trpc/account.signUp', bodies.within1MiB), 'not 413'],
      ['POST /freightdocuments: 200,000 values within the counts', () => send('/api/freightdocuments', bodies.withinFiles, { headers: auth }), 'not 413'],
      [
        'accounts/users: 1 MiB of keys within the counts',
        () => send('/api/accounts/users', bodies.within1MiB, { headers: { Authorization: basicHeader(client) } }),
        'not 413',
      ],
    ];
    // JSON.parse and zod of a body at the counts' ceiling are one task of ~100 ms of CPU each (decision 0040, what
    // remains): the median holds the contract's bound, the maximum is watched with a wider one.
    await floodWithHeartbeat(attacks, 1_000);
  }, 120_000);

  it('a procedure without a session takes 1 MiB, the hand-over answer 2 MiB, and a batch its smallest limit', async () => {
    const text = (bytes: number) => Buffer.from(JSON.stringify({ token: 'x', name: 'n', remarks: 'r'.repeat(bytes) }));
    // 1.5 MiB: more than signUp's 1 MiB, within the hand-over answer's 2 MiB (then judged by its schema, 400).
    const middle = text(1.5 * 1024 * 1024);
    expect(await send('/api/trpc/account.signUp', middle)).toEqual(REFUSED);
    const handover = await send('/api/trpc/tablet.answerHandover', middle);
    expect(handover.status).toBe(400);
    expect(handover.codes).not.toContain('2.4');
    expect(await send('/api/trpc/tablet.answerHandover', text(2.1 * 1024 * 1024))).toEqual(REFUSED);
    // Naming the hand-over answer in a batch lifts no other procedure: the batch gets signUp's 1 MiB.
    const batch = Buffer.from(JSON.stringify({ 0: { remarks: 'r'.repeat(1.5 * 1024 * 1024) }, 1: {} }));
    expect(await send('/api/trpc/account.signUp,tablet.answerHandover?batch=1', batch)).toEqual(REFUSED);
    // A file procedure (it needs a session) in a batch with a public one: the public one's limit.
    expect(await send('/api/trpc/tablet.comment,account.signUp?batch=1', batch)).toEqual(REFUSED);
    // tRPC takes JSON only: a multipart form or a raw stream would be parsed past the gate.
    expect(await send('/api/trpc/account.signUp', Buffer.from('--x\r\n'), { type: 'multipart/form-data; boundary=x' })).toEqual({
      status: 415,
      codes: ['2.6'],
    });
  });

  it('10,000 keys in an object and 200,000 values in all are taken; one more is 2.4 (413), on REST as on tRPC', async () => {
    const object = (keys: number) => `{${Array.from({ length: keys }, (_, index) => `"k${index}":0`).join(',')}}`;
    const created = await api.post('/api/freightdocuments', { body: object(10_000), headers: { 'Content-Type': JSON_TYPE }, bearer });
    expect(created.status).toBe(400);
    expect(created.body.errors.map((error: { code: string }) => error.code)).not.toContain('2.4');
    const refused = await api.post('/api/freightdocuments', { body: object(10_001), headers: { 'Content-Type': JSON_TYPE }, bearer });
    expect(refused.status).toBe(413);
    expect(refused.body.errors).toEqual([expect.objectContaining({ code: '2.4' })]);
    const values = (count: number) => `[${'0,'.repeat(count - 2)}0]`;
    const trpc = (body: string) => fetch(`${server.baseUrl}/api/trpc/portal.saveTemplate`, { method: 'POST', headers: { 'Content-Type': JSON_TYPE }, body });
    expect((await trpc(`{"name":"n","body":${values(199_998)}}`)).status).not.toBe(413);
    expect((await trpc(`{"name":"n","body":${values(199_999)}}`)).status).toBe(413);
  });

  it('the locale switch is a gated route: a form sets the cookie, a flood of fields is 2.4 (413)', async () => {
    const switched = await api.post('/api/portal/locale', { form: { locale: 'de' }, headers: { Accept: 'text/html' } });
    expect(switched.status).toBe(303);
    expect(switched.headers.get('set-cookie')).toMatch(/^NEXT_LOCALE=de;/);
    expect((await api.post('/api/portal/locale', { form: { locale: 'fr' } })).status).toBe(204);
    expect((await api.post('/api/portal/locale', { form: { locale: 'xx' } })).status).toBe(400);
    expect(await send('/api/portal/locale', bodies.formFields, { type: FORM_TYPE })).toEqual(REFUSED);
  });
});
