import { NextResponse, type NextRequest } from 'next/server';

/**
 * The portal pages' Content Security Policy (contract §1), with a fresh nonce per request: Next.js reads the
 * nonce from the request's CSP header and puts it on its own scripts and inline styles, so nothing inline runs
 * without it. No 'unsafe-eval' (React needs it only under `next dev`, for its error overlay). The other security
 * headers, and those of the API, come from next.config.mjs.
 *
 * The API is not matched on purpose: for a request that a proxy sees, Next.js buffers the body (and cuts it at
 * 10 MB) before the route reads it, which would defeat the body limit of src/server/http/body-limit.ts.
 */
export function contentSecurityPolicy(nonce: string, development = process.env.NODE_ENV === 'development'): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const policy = contentSecurityPolicy(nonce);
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: not the API (see above), not static files.
      source: '/((?!api(?:/|$)|v1/api(?:/|$)|_next/static|_next/image|favicon.ico).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
