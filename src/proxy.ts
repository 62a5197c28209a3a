import { NextResponse, type NextRequest } from 'next/server';
import { describeError, httpStatusOf } from '@/lib/errors/catalogue';
import { handoverPageStatus } from '@/server/http/handover-page-status';
import { servedOverHttps, STRICT_TRANSPORT_SECURITY } from '@/server/http/respond';

/**
 * The portal pages' Content Security Policy (contract §1), with a fresh nonce per request: Next.js reads the
 * nonce from the request's CSP header and puts it on its own scripts and inline styles, so nothing inline runs
 * without it. No 'unsafe-eval' (React needs it only under `next dev`, for its error overlay). The other security
 * headers, and those of the API, come from next.config.mjs.
 *
 * The API is not matched on purpose: for a request that a proxy sees, Next.js buffers the body (and cuts it at
 * 10 MB) before the route reads it, which would defeat the body limit of src/server/http/body-gate.ts.
 */
export function contentSecurityPolicy(nonce: string, development = process.env.NODE_ENV === 'development'): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    // The tablet's service worker (issue 21): 'strict-dynamic' would leave script-src's 'self' out for it.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A path segment whose percent-encoding is no UTF-8 (`%C0%AE`, `%ZZ`): Next.js itself would answer 500. */
function hasMalformedEscape(rawPath: string): boolean {
  try {
    decodeURIComponent(rawPath);
    return false;
  } catch {
    return true;
  }
}

/** Same rule as the API's (server/observability/observe-request.ts): a sane incoming id is kept. */
function requestIdOf(incoming: string | null): string {
  return incoming && /^[A-Za-z0-9._:/+=-]{1,128}$/.test(incoming) ? incoming : crypto.randomUUID();
}

export async function proxy(request: NextRequest) {
  const rawPath = new URL(request.url).pathname;
  const requestId = requestIdOf(request.headers.get('x-request-id'));
  if (hasMalformedEscape(rawPath)) {
    // Contract §1: malformed input is 3.17, for the API and the portal alike.
    return Response.json(
      { errors: [{ code: '3.17', description: describeError('3.17'), field: 'path' }] },
      { status: httpStatusOf('3.17'), headers: { 'X-Request-Id': requestId } },
    );
  }
  if (rawPath.startsWith('/api/') || rawPath.startsWith('/v1/api/')) return NextResponse.next();
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const policy = contentSecurityPolicy(nonce);
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', policy);
  headers.set('x-request-id', requestId);
  // A page cannot choose its status; the hand-over page's 404 and 410 (contract §7) are set here.
  const status = await handoverPageStatus(request.method, rawPath);
  const response = NextResponse.next({ request: { headers }, ...(status ? { status } : {}) });
  response.headers.set('Content-Security-Policy', policy);
  // Pages have no access line of their own (Next.js renders them); the id still ties a browser's report to the logs.
  response.headers.set('X-Request-Id', requestId);
  // Issue 20: under an https PUBLIC_URL browsers are told to stay on https (the API answers say so too, respond.ts).
  if (servedOverHttps()) response.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: not the API (see above), not static files. Prefetches too (issue 20: they came without a CSP).
      source: '/((?!api(?:/|$)|v1/api(?:/|$)|_next/static|_next/image|favicon.ico).*)',
    },
    // API paths only when they carry a percent-escape of a non-ASCII byte or a broken one, to refuse malformed
    // ones (bodies of such requests are buffered, but no valid id of the API needs such an escape).
    '/api/:path(.*%(?:[89a-fA-F]|[0-9a-fA-F]?[^0-9a-fA-F]).*)',
    '/v1/api/:path(.*%(?:[89a-fA-F]|[0-9a-fA-F]?[^0-9a-fA-F]).*)',
  ],
};
