/**
 * Pure rules behind the issue 7 fixes: the one same-site redirect decision (with a list of known bypasses), the
 * unsafe-text scan, the catalogue's explicit status exceptions, the portal's CSP, and the tRPC error path that
 * turns anything unexpected into 5.0 without internals and logs it without query parameters.
 */
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpStatusOf } from '@/lib/errors/catalogue';
import { safeCallbackUrl, safeRedirectOnSite } from '@/lib/portal/safe-callback-url';
import { isUnsafeText, unsafeTextFields } from '@/lib/text/unsafe-text';
import { contentSecurityPolicy } from '@/proxy';
import { fail } from '@/server/errors';
import { handleTrpcRequest } from '@/server/trpc/handler';
import { rootLogger } from '@/server/observability/logger';
import { publicProcedure, router } from '@/server/trpc/init';

const BYPASSES = [
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/..//evil.example/x',
  '/.//evil.example/x',
  '/%2e%2e//evil.example',
  '/%2E%2e//evil.example',
  '/./../../..//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\u0000/evil.example',
  'https://evil.example',
  'http:evil.example',
  'HTTPS://evil.example',
  'javascript:alert(1)',
  'data:text/html,x',
  ' /documents',
  'evil.example',
  '',
  `/${'a'.repeat(5000)}`,
];

describe('safeCallbackUrl: the one same-site decision', () => {
  it.each(BYPASSES)('refuses %j or turns it into a path of this site', (value) => {
    const result = safeCallbackUrl(value);
    if (result === undefined) return;
    expect(result.startsWith('/')).toBe(true);
    expect(result).not.toMatch(/^\/[\\/]/);
    expect(new URL(result, 'https://site.example').origin).toBe('https://site.example');
  });

  it('refuses the normalised protocol-relative forms outright', () => {
    for (const value of ['/..//evil.example/x', '/.//evil.example/x', '/%2e%2e//evil.example']) expect(safeCallbackUrl(value)).toBeUndefined();
  });

  it('keeps ordinary paths, queries and fragments', () => {
    expect(safeCallbackUrl('/oauth/consent?client_id=a&redirect_uri=https%3A%2F%2Fx')).toBe('/oauth/consent?client_id=a&redirect_uri=https%3A%2F%2Fx');
    expect(safeCallbackUrl('/documents/../account#top')).toBe('/account#top');
    expect(safeCallbackUrl('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it('next-auth: only this origin, through the same rule, else the account page', () => {
    const base = 'http://127.0.0.1:3000';
    expect(safeRedirectOnSite('http://127.0.0.1:3000/documents?x=1', base)).toBe(`${base}/documents?x=1`);
    expect(safeRedirectOnSite('/documents', base)).toBe(`${base}/documents`);
    for (const url of [
      'https://evil.example/x',
      'http://127.0.0.1:3000.evil.example/',
      'http://127.0.0.1:3001/',
      '//evil.example',
      'http://127.0.0.1:3000/..//evil.example',
    ]) {
      expect(safeRedirectOnSite(url, base), url).toBe(`${base}/account`);
    }
  });
});

describe('unsafe text (3.17)', () => {
  it('finds NUL and unpaired surrogates, not well-formed pairs', () => {
    expect(isUnsafeText('a\u0000b')).toBe(true);
    expect(isUnsafeText('\ud800')).toBe(true);
    expect(isUnsafeText('x\udc00')).toBe(true);
    expect(isUnsafeText('😀 überweisung_€')).toBe(false);
  });

  it('reports the field path of each bad string, a bad key at its parent', () => {
    const value = { name: 'ok', consignor: { name: 'a\u0000' }, lines: [{ text: 'fine' }, { text: '\ud83d' }], bad: { 'k\u0000': 1 } };
    expect(unsafeTextFields(value).sort()).toEqual(['bad', 'consignor.name', 'lines[1].text']);
    expect(unsafeTextFields('\u0000')).toEqual([undefined]);
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(unsafeTextFields(deep)).toHaveLength(1);
  });
});

describe('the catalogue decides every status, with the contract’s explicit exceptions', () => {
  it('1.7 and 1.13 are 400 at the OAuth endpoints, 401 elsewhere', () => {
    expect(httpStatusOf('1.7', { oauthEndpoint: true })).toBe(400);
    expect(httpStatusOf('1.13', { oauthEndpoint: true })).toBe(400);
    expect(httpStatusOf('1.7')).toBe(401);
    expect(httpStatusOf('1.6', { oauthEndpoint: true })).toBe(401);
  });

  it('2.6 is 415 on Content-Type, 406 on Accept; 2.4 is 413 on the body length, 400 otherwise', () => {
    expect(httpStatusOf('2.6', { field: 'Content-Type' })).toBe(415);
    expect(httpStatusOf('2.6', { field: 'Accept' })).toBe(406);
    expect(httpStatusOf('2.4', { field: 'Content-Length' })).toBe(413);
    expect(httpStatusOf('2.4')).toBe(400);
  });
});

describe('the portal CSP', () => {
  it('has a nonce, strict-dynamic and frame-ancestors none, and no unsafe-eval or unsafe-inline in production', () => {
    const policy = contentSecurityPolicy('bm9uY2U=', false);
    expect(policy).toContain("script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline/);
  });
});

describe('tRPC error path', () => {
  afterEach(() => vi.restoreAllMocks());
  const secretSql =
    'Failed query: insert into "accounts" ("password_hash", "account_secret_encrypted") values ($1, $2)\nparams: scrypt$16384$8$1$c2FsdA$aGFzaA,v1.aXY.dGFn.c2VjcmV0';
  const testRouter = router({
    boom: publicProcedure.query(() => {
      throw new Error(secretSql);
    }),
    refused: publicProcedure.query(() => fail('4.47')),
  });
  const call = (path: string) =>
    handleTrpcRequest(new NextRequest(`http://localhost/api/trpc/${path}`), {
      router: testRouter,
      createContext: async () => ({ service: {} as never, clientAddress: 'test' }),
    });

  it('anything that is not a service error is 5.0 without internals, and is logged without its parameters', async () => {
    const logged: string[] = [];
    // Lines of a request go to its child logger (observability/logger.ts): capture those.
    const capture = { error: (line: string) => void logged.push(line), warn: () => {}, info: () => {}, debug: () => {} };
    vi.spyOn(rootLogger, 'child').mockReturnValue(capture as never);
    const response = await call('boom');
    const text = await response.text();
    expect(response.status).toBe(500);
    const body = JSON.parse(text);
    expect(body.error.message).toBe('Internal error.');
    expect(body.error.data.errors).toEqual([{ code: '5.0', description: 'Internal error.' }]);
    expect(body.error.data).not.toHaveProperty('stack');
    expect(text).not.toMatch(/Failed query|scrypt|password_hash|v1\./);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('Failed query: insert into "accounts"');
    expect(logged[0]).not.toMatch(/params|scrypt\$|v1\.aXY/);
  });

  it('service errors keep their code and status; batches over the cap are refused', async () => {
    const refused = await call('refused');
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.data.errors).toEqual([expect.objectContaining({ code: '4.47' })]);
    const batch = await call(`${Array.from({ length: 11 }, () => 'refused').join(',')}?batch=1`);
    expect(batch.status).toBe(400);
  });
});
