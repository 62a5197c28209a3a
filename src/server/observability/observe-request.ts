import 'server-only';
import crypto from 'node:crypto';
import { isDraining } from './draining';
import { accessLine, currentRequestId, runInRequestScope } from './logger';
import { metrics } from './metrics';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * An incoming X-Request-Id is kept when it is sane (a load balancer's or the client's id ties their logs to ours):
 * up to 128 characters of letters, digits and `-_.:/+=`. Anything else is replaced, never echoed.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:/+=-]{1,128}$/;

export function requestIdOf(incoming: string | null): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/** Paths polled by machines: their lines go to `debug`, so a load balancer's checks do not flood the log. */
const QUIET_ROUTES = new Set(['/api/heartbeat', '/api/metrics']);

/**
 * The route pattern of a request, for metrics and logs: the path with each parameter's segment replaced by its
 * name (`/api/freightdocuments/[id]`), so that labels stay few and no token in a path (activation links) is logged.
 * `/v1/api` and a trailing slash count as the same route (contract §1).
 */
export function routePattern(pathname: string, params: Record<string, string | string[] | undefined> | undefined): string {
  const path = pathname.replace(/^\/v1(?=\/api(\/|$))/, '').replace(/(.)\/+$/, '$1');
  const byValue = new Map<string, string>();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (typeof value === 'string') byValue.set(value, name);
  }
  return path
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // Left as it is; the proxy refuses malformed escapes before any route runs.
      }
      const name = byValue.get(decoded);
      return name ? `[${name}]` : segment;
    })
    .join('/');
}

/**
 * The request id on the answer; while the server shuts down also `Connection: close`: Node.js keeps serving a
 * kept-alive connection after the server closed as long as its client keeps sending, so a busy client (a load
 * balancer) would keep a stopping instance busy. Closing each connection after its answer in flight ends that.
 */
function withAnswerHeaders(response: Response, requestId: string): Response {
  const extra: [string, string][] = [[REQUEST_ID_HEADER, requestId], ...(isDraining() ? [['Connection', 'close'] as [string, string]] : [])];
  try {
    for (const [name, value] of extra) response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (a redirect made by Response.redirect): the same answer, with headers of its own.
    const headers = new Headers(response.headers);
    for (const [name, value] of extra) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/**
 * Every answer of a handler with its request id (header and every log line written while it runs), one access
 * line (method, route pattern, status, duration; never the query, which may carry tokens) and the request
 * metrics. `route` names the pattern; it gets the request and its context once the answer is ready.
 */
export function observed<Request_ extends Request, Context>(
  handler: (request: Request_, context: Context) => Promise<Response>,
  route: (request: Request_, context: Context) => string | Promise<string>,
): (request: Request_, context: Context) => Promise<Response> {
  return (request, context) =>
    runInRequestScope(requestIdOf(request.headers.get(REQUEST_ID_HEADER)), async () => {
      const started = performance.now();
      const response = await handler(request, context);
      const seconds = (performance.now() - started) / 1000;
      const labels = { method: request.method, route: await route(request, context), status: String(response.status) };
      const { httpRequests, httpDuration } = metrics();
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
      const line = { ...labels, status: response.status, durationMs: Math.round(seconds * 10_000) / 10, ...(isDraining() ? { draining: true } : {}) };
      accessLine(QUIET_ROUTES.has(labels.route) ? 'debug' : 'info', line);
      return withAnswerHeaders(response, currentRequestId()!);
    });
}
