/**
 * Finding of issue 7: request bodies of any size were read into memory before authentication (150 MB to
 * /api/internal/admin or /api/oauth/token doubled the server's memory; 600 MB gave a 500). Contract §1: a body
 * over MAX_BODY_BYTES is 2.4 (413) before it is read, by Content-Length and while streaming, on every route.
 * A server of its own, so that its memory can be measured.
 */
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
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

/** Resident memory of every process of the server's process group, in bytes (Linux /proc). */
function serverRss(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === server.pid) total += Number(fields[21]) * 4096;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

interface Outcome {
  status: number;
  body: any;
  peakRss: number;
}

/**
 * Streams `BODY_BYTES` over a raw socket, with or without Content-Length (then chunked), and stops writing as
 * soon as the answer begins: the server answers without reading the rest, so a failing write after the answer
 * is expected, not an error.
 */
function sendLargeBody(path: string, declareLength: boolean, headers: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.baseUrl);
    const socket = net.connect(Number(url.port), url.hostname);
    const head = [
      `POST ${url.pathname} HTTP/1.1`,
      `Host: ${url.host}`,
      'Content-Type: application/json',
      declareLength ? `Content-Length: ${BODY_BYTES}` : 'Transfer-Encoding: chunked',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n');
    let peakRss = serverRss();
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, serverRss())), 25);
    let received = '';
    let answered = false;
    const finish = () => {
      clearInterval(sampler);
      socket.destroy();
      const [statusLine, ...rest] = received.split('\r\n');
      const headerEnd = received.indexOf('\r\n\r\n');
      const headerText = received.slice(0, headerEnd).toLowerCase();
      let body = received.slice(headerEnd + 4);
      if (/transfer-encoding: chunked/.test(headerText)) body = body.replace(/^[0-9a-f]+\r\n/, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({
        status: Number(statusLine!.split(' ')[1]),
        body: body ? JSON.parse(body) : undefined,
        peakRss: Math.max(peakRss, serverRss()),
      });
      void rest;
    };
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => {
      answered = true;
      received += data;
      // The whole answer is there once its (chunked or sized) body is complete.
      if (/\r\n0\r\n\r\n$/.test(received) || (/content-length: (\d+)/i.test(received) && received.endsWith('}'))) finish();
    });
    socket.on('close', () => (answered ? finish() : reject(new Error('closed without an answer'))));
    // Node discards the unread rest of an answered request (it keeps the connection), so nothing resets it.
    socket.on('error', () => {
      if (!answered) setTimeout(() => (answered ? finish() : reject(new Error('no answer'))), 2_000);
    });
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const framed = declareLength ? chunk : Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    let sent = 0;
    const pump = () => {
      while (sent < BODY_BYTES && !answered && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(framed)) return void socket.once('drain', pump);
      }
      if (!answered && !socket.destroyed && !declareLength) socket.write('0\r\n\r\n');
    };
    socket.write(head);
    pump();
  });
}

/**
 * Route, headers, and what a chunked body (no Content-Length) gets: 413 where the body is read, else the
 * refusal that comes before any reading (the admin token, client authentication, an unknown path).
 */
const ROUTES = [
  ['/api/internal/admin', { Authorization: 'Bearer not-the-admin-token' }, ['2.2', 404]],
  ['/api/oauth/token', {}, ['2.4', 413]],
  ['/api/accounts/users', {}, ['1.1', 401]],
  ['/api/trpc/account.signUp', {}, ['2.4', 413]],
  ['/api/auth/callback/credentials', {}, ['2.4', 413]],
  ['/api/no/such/path', {}, ['2.2', 404]],
] as const;

describe('150 MB bodies are refused before they are read', () => {
  it.each(ROUTES)(
    '%s: 413 (2.4) by Content-Length, refused unread while streaming, memory within 100 MB',
    async (path, headers, [chunkedCode, chunkedStatus]) => {
      const before = serverRss();
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
