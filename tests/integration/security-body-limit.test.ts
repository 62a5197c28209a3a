/**
 * Finding of issue 7: request bodies of any size were read into memory before authentication (150 MB to
 * /api/internal/admin or /api/oauth/token doubled the server's memory; 600 MB gave a 500). Contract §1: a body
 * over MAX_BODY_BYTES is 2.4 (413) before it is read, by Content-Length and while streaming, on every route.
 * A server of its own, so that its memory can be measured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postRawBody } from '../support/raw-request';
import type { RunningServer } from '../support/server';
import { serverRss } from '../support/server-memory';
import { Driver, serverTarget, startOwnServer } from './driver';

const BODY_BYTES = 150 * 1024 * 1024;
let server: RunningServer;
let api: Driver;

beforeAll(async () => {
  server = await startOwnServer('security-body-limit');
  api = new Driver(serverTarget(server));
  await api.createClient({ name: 'Warm-up' });
});

afterAll(async () => {
  await server?.dispose();
});

interface Outcome {
  status: number;
  body: any;
  peakRss: number;
}

/** Streams `BODY_BYTES` with or without Content-Length (then chunked), measuring the server's memory meanwhile. */
async function sendLargeBody(path: string, declareLength: boolean, headers: Record<string, string> = {}): Promise<Outcome> {
  let peakRss = serverRss(server.pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, serverRss(server.pid))), 25);
  try {
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const answer = await postRawBody(server.baseUrl, { path, declareLength, totalBytes: BODY_BYTES, chunk, headers });
    return { status: answer.status, body: answer.body ? JSON.parse(answer.body) : undefined, peakRss: Math.max(peakRss, serverRss(server.pid)) };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Route, headers, and what a chunked body (no Content-Length) gets: 413 where the body is read, else the
 * refusal that comes before any reading (the admin token, client authentication, an unknown path). Where the body is
 * JSON to be parsed (tRPC, next-auth given JSON), `aaa…` is no JSON at its first byte: 2.4 (400) at once (issue 32:
 * the gate tokenizes while it reads).
 */
const ROUTES = [
  ['/api/internal/admin', { Authorization: 'Bearer not-the-admin-token' }, ['2.2', 404]],
  ['/api/oauth/token', {}, ['2.4', 413]],
  ['/api/accounts/users', {}, ['1.1', 401]],
  ['/api/trpc/account.signUp', {}, ['2.4', 400]],
  ['/api/auth/callback/credentials', {}, ['2.4', 400]],
  ['/api/no/such/path', {}, ['2.2', 404]],
] as const;

describe('150 MB bodies are refused before they are read', () => {
  it.each(ROUTES)(
    '%s: 413 (2.4) by Content-Length, refused unread while streaming, memory within 100 MB',
    async (path, headers, [chunkedCode, chunkedStatus]) => {
      const before = serverRss(server.pid);
      for (const declareLength of [true, false]) {
        const outcome = await sendLargeBody(path, declareLength, headers);
        const grew = (outcome.peakRss - before) / 1024 / 1024;
        console.log(`${path} ${declareLength ? 'Content-Length' : 'chunked'}: ${outcome.status}, server memory +${grew.toFixed(0)} MB at most`);
        if (!declareLength && chunkedStatus !== 413) {
          expect(outcome.status).toBe(chunkedStatus);
          expect(outcome.body.errors[0].code).toBe(chunkedCode);
        } else {
          expect(outcome.status).toBe(413);
          expect(outcome.body.errors).toEqual([expect.objectContaining({ code: '2.4', field: 'Content-Length' })]);
        }
        expect(grew).toBeLessThan(100);
      }
      // The server is still well.
      expect((await api.get('/api/heartbeat')).status).toBe(200);
    },
  );

  it('a body just under the limit is read as before (2.4 for this one is about its JSON, 400)', async () => {
    const reply = await api.post('/api/accounts/users', {
      body: '{'.padEnd(1024, ' '),
      headers: { 'Content-Type': 'application/json' },
      basic: await api.createClient(),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([expect.objectContaining({ code: '2.4' })]);
    expect(reply.body.errors[0].field).toBeUndefined();
  });
});
