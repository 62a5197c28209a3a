import type { NextRequest } from 'next/server';
import { errorItem, ServiceError } from '@/server/errors';
import { getConfig } from '@/server/config/env';
import { createServiceContext } from '@/server/services/context';
import { implicitClientOrigins } from '@/server/services/oauth/implicit-client-origins';
import { errorResponse } from './respond';

/**
 * CORS for the REST API (contract §1): browser apps on the origins in CORS_ALLOWED_ORIGINS or of an implicit
 * client's redirect URIs may call it with a bearer token. Never with credentials: the API authenticates by
 * header, and the portal's session cookie must stay useless to other origins. The portal (tRPC, next-auth)
 * is not built with `route()` and so never answers cross-origin.
 */

const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Idempotency-Key';
const EXPOSED_HEADERS = 'Location, Retry-After, WWW-Authenticate, Allow, Content-Disposition, Idempotency-Replayed';
const PREFLIGHT_MAX_AGE_SECONDS = '600';
/** Implicit clients are registered rarely; an origin found among them is trusted this long without a query. */
const IMPLICIT_ORIGINS_TTL_MS = 10_000;

let implicitOrigins: { origins: Set<string>; loadedAt: number } | undefined;

async function isImplicitClientOrigin(origin: string): Promise<boolean> {
  if (implicitOrigins && Date.now() - implicitOrigins.loadedAt < IMPLICIT_ORIGINS_TTL_MS && implicitOrigins.origins.has(origin)) return true;
  // Not known (or stale): ask again, so that a client registered a moment ago works at once.
  const origins = await implicitClientOrigins({ ctx: await createServiceContext() });
  implicitOrigins = { origins, loadedAt: Date.now() };
  return origins.has(origin);
}

/** The Origin of a cross-origin request that may read the answer, or undefined. */
async function allowedOrigin(request: NextRequest): Promise<string | undefined> {
  const origin = request.headers.get('origin');
  // Same-origin requests (browsers send Origin on POST too) need no CORS headers.
  if (!origin || origin === request.nextUrl.origin) return undefined;
  if (getConfig().CORS_ALLOWED_ORIGINS.includes(origin)) return origin;
  try {
    return (await isImplicitClientOrigin(origin)) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The answer with CORS headers and `Vary: Origin`: set on the answer itself (issue 24: copying every answer's headers
 * and body into a new Response was part of each request's cost), or on a copy when its headers are immutable (a
 * redirect's).
 */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    response.headers.append('Vary', 'Origin');
    return response;
  } catch {
    const copy = new Headers(response.headers);
    for (const [name, value] of Object.entries(headers)) copy.set(name, value);
    copy.append('Vary', 'Origin');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: copy });
  }
}

type Handler<Context> = (request: NextRequest, context: Context) => Promise<Response>;

/**
 * The handlers of one path with CORS headers on every answer, plus OPTIONS: a preflight gets the allowed
 * methods and headers when its origin is allowed (403 `1.10` otherwise); a plain OPTIONS gets `Allow`.
 * `methods` is undefined for paths that do not exist: a preflight still passes, so the browser app can read
 * the 404 (`2.2`) of the real request.
 */
export function withCors<Method extends string, Context>(
  handlers: Record<Method, Handler<Context>>,
  methods: readonly string[] | undefined,
): Record<Method | 'OPTIONS', Handler<Context>> {
  const decorate =
    (handler: Handler<Context>): Handler<Context> =>
    async (request, context) => {
      const response = await handler(request, context);
      // Without an Origin (API clients, same-origin GETs) there is nothing to look up.
      const origin = request.headers.has('origin') ? await allowedOrigin(request) : undefined;
      return withHeaders(response, origin ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS } : {});
    };
  const allow = [...(methods ?? Object.keys(handlers)), 'OPTIONS'].join(', ');
  const options: Handler<Context> = async (request) => {
    if (!request.headers.get('origin') || !request.headers.has('access-control-request-method')) {
      if (!methods) return withHeaders(errorResponse(new ServiceError([errorItem('2.2')])), {});
      return withHeaders(new Response(null, { status: 204 }), { Allow: allow });
    }
    const origin = await allowedOrigin(request);
    if (!origin) {
      return withHeaders(errorResponse(new ServiceError([errorItem('1.10', undefined, 'This origin may not call the API from a browser.')])), {});
    }
    return withHeaders(new Response(null, { status: 204 }), {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': allow,
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
    });
  };
  const decorated = Object.fromEntries(Object.entries<Handler<Context>>(handlers).map(([method, handler]) => [method, decorate(handler)]));
  return { ...decorated, OPTIONS: options } as Record<Method | 'OPTIONS', Handler<Context>>;
}
