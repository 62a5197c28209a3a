import { httpStatusOf } from '@/lib/errors/catalogue';
import { ServiceError, errorItem } from '@/server/errors';
import { describeUnexpected } from '@/server/errors/describe-unexpected';
import { getConfig } from '@/server/config/env';
import { log } from '@/server/observability/logger';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  // 204 No Content and 205 Reset Content carry no body (RFC 9110 §15.3.5–6).
  const empty = status === 204 || status === 205;
  return new Response(empty ? null : JSON.stringify(body), {
    status,
    headers: { ...(empty ? {} : { 'Content-Type': 'application/json' }), ...headers },
  });
}

/**
 * Contract §1: answers that carry a document, secrets or tokens are never stored by a cache. Every API answer gets
 * `Cache-Control: no-store` unless it chose its own (the public key, the OpenAPI document); answers with immutable
 * headers (redirects) are copied.
 */
export function withNoStore(response: Response): Response {
  if (response.headers.has('Cache-Control')) return mutable(response);
  const answer = mutable(response);
  answer.headers.set('Cache-Control', 'no-store');
  return answer;
}

/** The response itself when its headers can be changed, else a copy (redirects have immutable headers). */
function mutable(response: Response): Response {
  try {
    response.headers.set('X-Content-Type-Options', response.headers.get('X-Content-Type-Options') ?? 'nosniff');
    return response;
  } catch {
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) });
  }
}

/** HSTS for two years, subdomains included: sent only when the service's public address is https. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** Whether PUBLIC_URL says the service is reached over https (then browsers are told to stay on it). */
export function servedOverHttps(): boolean {
  return (getConfig().PUBLIC_URL ?? '').startsWith('https://');
}

/** Every API answer: `no-store` unless chosen otherwise, and HSTS when the service is served over https. */
export function withApiHeaders(response: Response): Response {
  const answer = withNoStore(response);
  if (servedOverHttps() && !answer.headers.has('Strict-Transport-Security')) answer.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  return answer;
}

function authenticateHeader(code: string, realm: string): string | undefined {
  switch (code) {
    case '1.8':
      return `Bearer realm="${realm}"`;
    case '1.11':
    case '1.12':
      return `Bearer realm="${realm}",error="invalid_token"`;
    case '1.1':
    case '1.6':
      return `Basic realm="${realm}",error="unauthorized"`;
    default:
      return undefined;
  }
}

/**
 * The one mapping from a thrown error to an HTTP answer (contract §1): the catalogue's status (which knows the
 * OAuth endpoints' exceptions), WWW-Authenticate and Retry-After where they apply, and for the OAuth endpoints
 * the RFC 6749 fields beside the service's list. Anything unexpected is 5.0 without details, logged without them.
 */
export function errorResponse(error: unknown, options: { oauth?: boolean; headers?: Record<string, string> } = {}): Response {
  const serviceError =
    error instanceof ServiceError ? error : (log().error(`unexpected error: ${describeUnexpected(error)}`), new ServiceError([errorItem('5.0')]));
  const first = serviceError.items[0]!;
  const status = httpStatusOf(first.code, {
    field: first.field,
    oauthEndpoint: options.oauth,
    rateLimited: serviceError.hints.rateLimited,
    bodyTooLarge: serviceError.hints.bodyTooLarge,
  });
  const headers: Record<string, string> = { ...options.headers };
  const challenge = serviceError.hints.challenge ?? authenticateHeader(first.code, getConfig().OAUTH_SCOPE);
  if (challenge && status === 401) headers['WWW-Authenticate'] = challenge;
  if (serviceError.hints.retryAfterSeconds !== undefined) headers['Retry-After'] = String(serviceError.hints.retryAfterSeconds);
  const body: Record<string, unknown> = { errors: serviceError.items };
  if (options.oauth) {
    headers['Cache-Control'] = 'no-store';
    body.error =
      serviceError.hints.oauthError ??
      (first.code === '1.6' ? 'invalid_client' : first.code === '1.7' || first.code === '1.13' ? 'invalid_grant' : 'invalid_request');
    body.error_description = first.description;
  }
  return json(body, status, headers);
}
