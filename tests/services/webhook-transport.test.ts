/**
 * The webhook transport (contract §11) against real local servers: the request goes to the address that was
 * checked, never to a second DNS answer, with the URL's Host header and TLS server name; redirects are not
 * followed; 10 s is the limit; the signature verifies with the standardwebhooks library; private addresses are
 * refused unless allowed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCallbackAddress, isPublicAddress, loggableUrl, type Resolver } from '@/server/webhooks/callback-address';
import { postWebhook, WEBHOOK_CONTENT_TYPE } from '@/server/webhooks/post-webhook';
import { newSigningSecret, newWebhookId, signedHeaders } from '@/server/webhooks/signing';

interface Seen {
  host?: string;
  servername?: string | false;
  path?: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function listen(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function recorder(seen: Seen[], answer: (request: http.IncomingMessage, response: http.ServerResponse) => void) {
  return (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        host: request.headers.host,
        servername: (request.socket as { servername?: string | false }).servername,
        path: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      answer(request, response);
    });
  };
}

const never = new AbortController().signal;
const loopback = { address: '127.0.0.1', family: 4 as const };

describe('webhook transport', () => {
  const seen: Seen[] = [];
  let plain: http.Server;
  let plainPort: number;
  let secure: https.Server;
  let securePort: number;
  let certificate: string;
  const held: http.ServerResponse[] = [];

  beforeAll(async () => {
    plain = http.createServer(
      recorder(seen, (request, response) => {
        if (request.url?.startsWith('/redirect')) response.writeHead(302, { Location: '/elsewhere' }).end();
        else if (request.url?.startsWith('/hold')) held.push(response);
        else response.writeHead(request.url?.startsWith('/fail') ? 500 : 200).end('ok');
      }),
    );
    plainPort = await listen(plain);
    // A certificate for the name only (not for 127.0.0.1): the handshake succeeds only with the right SNI and check.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=receiver.example',
        '-addext',
        'subjectAltName=DNS:receiver.example',
      ],
      { stdio: 'ignore' },
    );
    certificate = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    secure = https.createServer(
      { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: certificate },
      recorder(seen, (_, response) => response.writeHead(204).end()),
    );
    securePort = await listen(secure);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  afterAll(async () => {
    for (const response of held) response.destroy();
    plain?.closeAllConnections();
    secure?.closeAllConnections();
    await Promise.all([plain, secure].map((server) => new Promise((resolve) => server?.close(resolve))));
  });

  it('posts the exact body, content type and a signature the standardwebhooks library verifies', async () => {
    const secret = newSigningSecret();
    const body = JSON.stringify({ freightDocumentId: 'f-1', status: 'ISSUED' });
    const webhookId = newWebhookId();
    const outcome = await postWebhook({
      url: new URL(`http://127.0.0.1:${plainPort}/hook?key=s3cret`),
      target: loopback,
      headers: signedHeaders({ secret, webhookId, body, at: new Date() }),
      body,
      signal: never,
    });
    expect(outcome).toEqual({ ok: true, httpStatus: 200 });
    const request = seen.at(-1)!;
    expect(request.path).toBe('/hook?key=s3cret');
    expect(request.body).toBe('{"freightDocumentId":"f-1","status":"ISSUED"}');
    expect(request.headers['content-type']).toBe(WEBHOOK_CONTENT_TYPE);
    expect(request.headers['webhook-id']).toBe(webhookId);
    expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toEqual({ freightDocumentId: 'f-1', status: 'ISSUED' });
    expect(() => new Webhook(newSigningSecret()).verify(request.body, request.headers as Record<string, string>)).toThrow();
  });

  it('connects to the checked address whatever the name resolves to later, with the Host header of the URL', async () => {
    // A name no resolver knows: the request still arrives, because only the pinned address is used.
    const outcome = await postWebhook({
      url: new URL(`http://receiver.invalid:${plainPort}/pinned`),
      target: loopback,
      headers: {},
      body: '{}',
      signal: never,
    });
    expect(outcome.ok).toBe(true);
    expect(seen.at(-1)).toMatchObject({ path: '/pinned', host: `receiver.invalid:${plainPort}` });

    // A resolver that answers a public address at the check and a private one afterwards (DNS rebinding).
    let calls = 0;
    const rebinding: Resolver = async () => (calls++ === 0 ? [{ address: '93.184.215.14', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
    const checked = await checkCallbackAddress(new URL('https://rebind.example/hook'), { allowPrivate: false, resolve: rebinding });
    expect(checked).toEqual({ ok: true, target: { address: '93.184.215.14', family: 4 } });
    // The next check (the next attempt) sees the private answer and refuses it.
    expect(await checkCallbackAddress(new URL('https://rebind.example/hook'), { allowPrivate: false, resolve: rebinding })).toEqual({
      ok: false,
      reason: 'NOT_PUBLIC',
    });
  });

  it('over TLS: SNI and the certificate check use the URL’s host name, not the pinned address', async () => {
    const outcome = await postWebhook({
      url: new URL(`https://receiver.example:${securePort}/tls`),
      target: loopback,
      headers: {},
      body: '{}',
      signal: never,
      ca: certificate,
    });
    expect(outcome).toEqual({ ok: true, httpStatus: 204 });
    expect(seen.at(-1)).toMatchObject({ path: '/tls', servername: 'receiver.example', host: `receiver.example:${securePort}` });
    // Another name on the same address fails the certificate check.
    const wrongName = await postWebhook({
      url: new URL(`https://other.example:${securePort}/tls`),
      target: loopback,
      headers: {},
      body: '{}',
      signal: never,
      ca: certificate,
    });
    expect(wrongName).toEqual({ ok: false, error: 'request failed (ERR_TLS_CERT_ALTNAME_INVALID)' });
  });

  it('does not follow redirects, fails on other statuses, and says why without the URL', async () => {
    const before = seen.length;
    expect(await postWebhook({ url: new URL(`http://127.0.0.1:${plainPort}/redirect`), target: loopback, headers: {}, body: '{}', signal: never })).toEqual({
      ok: false,
      httpStatus: 302,
      error: 'HTTP 302',
    });
    expect(seen.slice(before).map((request) => request.path)).toEqual(['/redirect']);
    expect(await postWebhook({ url: new URL(`http://127.0.0.1:${plainPort}/fail`), target: loopback, headers: {}, body: '{}', signal: never })).toEqual({
      ok: false,
      httpStatus: 500,
      error: 'HTTP 500',
    });
    const refused = await postWebhook({ url: new URL('http://127.0.0.1:1/closed?key=s3cret'), target: loopback, headers: {}, body: '{}', signal: never });
    expect(refused).toEqual({ ok: false, error: 'connection refused' });
    expect(loggableUrl('https://user:pw@receiver.example:8443/hooks/fds?key=s3cret#x')).toBe('https://receiver.example:8443/hooks/fds');
  });

  it('gives up after 10 s', async () => {
    const started = Date.now();
    const outcome = await postWebhook({ url: new URL(`http://127.0.0.1:${plainPort}/hold`), target: loopback, headers: {}, body: '{}', signal: never });
    const elapsed = Date.now() - started;
    expect(outcome).toEqual({ ok: false, error: 'timed out after 10 s' });
    expect(elapsed).toBeGreaterThanOrEqual(9_900);
    expect(elapsed).toBeLessThan(12_000);
  }, 20_000);

  it('knows public from loopback, private, link-local, unique-local, CGNAT and mapped addresses', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
    const local = { allowPrivate: false };
    expect(await checkCallbackAddress(new URL('http://[::1]:8080/x'), local)).toEqual({ ok: false, reason: 'NOT_PUBLIC' });
    // The deprecated IPv4-compatible range ::/96 (issue 20): URL parsing writes [::127.0.0.1] as [::7f00:1].
    for (const host of ['[::7f00:1]', '[::127.0.0.1]', '[::8.8.8.8]', '[::a00:5]']) {
      expect(await checkCallbackAddress(new URL(`http://${host}/x`), local), host).toEqual({ ok: false, reason: 'NOT_PUBLIC' });
    }
    expect(await checkCallbackAddress(new URL('http://0x7f.1/x'), local)).toEqual({ ok: false, reason: 'NOT_PUBLIC' });
    expect(await checkCallbackAddress(new URL('http://localhost/x'), local)).toEqual({ ok: false, reason: 'NOT_PUBLIC' });
    expect(await checkCallbackAddress(new URL('http://localhost/x'), { allowPrivate: true })).toMatchObject({ ok: true });
    // A name with any private address is refused, even beside a public one.
    const mixed: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    expect(await checkCallbackAddress(new URL('http://mixed.example/'), { allowPrivate: false, resolve: mixed })).toEqual({ ok: false, reason: 'NOT_PUBLIC' });
    const nothing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await checkCallbackAddress(new URL('http://unknown.example/'), { allowPrivate: false, resolve: nothing })).toEqual({
      ok: false,
      reason: 'UNRESOLVABLE',
    });
  });
});
