import { NextResponse, type NextRequest } from 'next/server';

/**
 * Contract §1: every endpoint is also served under /v1/api, and a trailing slash is tolerated. Both are
 * internal rewrites (no redirect), so POST bodies and headers reach the same handlers unchanged.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  let target = pathname.startsWith('/v1/api') ? pathname.slice('/v1'.length) : pathname;
  if (target.length > 1 && target.endsWith('/')) target = target.replace(/\/+$/, '');
  if (target === pathname) return NextResponse.next();
  // A plain URL, not a clone of nextUrl: NextURL remembers the trailing slash of the request and would put
  // it back, making the rewrite point at itself (an endless loop in which the request never answers).
  return NextResponse.rewrite(new URL(`${target}${request.nextUrl.search}`, request.url));
}

export const config = {
  matcher: ['/v1/api/:path*', '/api/:path*/'],
};
