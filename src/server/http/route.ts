import type { NextRequest } from 'next/server';
import type { z } from 'zod';
import { errorItem, fail, parseInput, ServiceError } from '@/server/errors';
import { createServiceContext, type ServiceContext } from '@/server/services/context';
import { resolveAccessToken } from '@/server/services/oauth/resolve-access-token';
import { authenticateClient, type OAuthClient } from '@/server/services/oauth/authenticate-client';
import { parseBasicAuth, parseBearer } from './auth';
import { withCors } from './cors';
import { isFormContentType, isJsonContentType, JSON_MEDIA, negotiateMedia } from './negotiate';
import { errorResponse, json } from './respond';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

export interface EndpointArgs<TBody> {
  ctx: ServiceContext;
  body: TBody;
  params: Record<string, string>;
  query: URLSearchParams;
  request: NextRequest;
  /** The negotiated response media type. */
  media: string;
  /** The authenticated client system, for `auth: 'client'`. */
  client?: OAuthClient;
}

export interface JsonResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Endpoint<TBody = undefined> {
  /** `bearer`: an access token; `client`: Basic client credentials; `none`: public. */
  auth: 'none' | 'bearer' | 'client';
  /** JSON body schema: the body is required (2.7), must be JSON (2.6/415, 2.4) and valid (category 3). */
  body?: z.ZodType<TBody>;
  /** A form body (the OAuth endpoints), handed over as a plain record. */
  form?: boolean;
  /** Media types this endpoint can answer with; the first is the default. */
  produces?: readonly string[];
  /** Error bodies carry the RFC 6749 fields too. */
  oauth?: boolean;
  handle: (args: EndpointArgs<TBody>) => Promise<Response | JsonResult>;
}

export function endpoint<TBody = undefined>(spec: Endpoint<TBody>): Endpoint<TBody> {
  return spec;
}

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type Handler = (request: NextRequest, context: RouteContext) => Promise<Response>;

async function readBody<TBody>(request: NextRequest, spec: Endpoint<TBody>): Promise<TBody> {
  const text = await request.text();
  const contentType = request.headers.get('content-type');
  if (spec.form) {
    if (text && !isFormContentType(contentType)) {
      fail('2.6', undefined, { httpStatus: 415, description: 'Content-Type must be application/x-www-form-urlencoded.' });
    }
    return Object.fromEntries(new URLSearchParams(text)) as TBody;
  }
  if (!spec.body) return undefined as TBody;
  if (!text.trim()) fail('2.7');
  if (!isJsonContentType(contentType)) fail('2.6', undefined, { httpStatus: 415, description: 'Content-Type must be application/json.' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    fail('2.4');
  }
  return parseInput(spec.body, parsed);
}

async function authenticate(request: NextRequest, spec: Endpoint<unknown>, ctx: ServiceContext): Promise<OAuthClient | undefined> {
  const header = request.headers.get('authorization');
  if (spec.auth === 'bearer') {
    const token = parseBearer(header);
    if (!token) fail('1.8');
    ctx.caller = await resolveAccessToken({ ctx, input: { token } });
    return undefined;
  }
  if (spec.auth === 'client') {
    const credentials = parseBasicAuth(header);
    if (!credentials) fail('1.1');
    return authenticateClient({ ctx, input: credentials });
  }
  return undefined;
}

function wrap<TBody>(spec: Endpoint<TBody>): Handler {
  return async (request, context) => {
    try {
      const media = negotiateMedia(request.headers.get('accept'), spec.produces ?? [JSON_MEDIA]);
      const ctx = await createServiceContext();
      const client = await authenticate(request, spec as Endpoint<unknown>, ctx);
      const body = await readBody(request, spec);
      const rawParams = await context.params;
      const params = Object.fromEntries(Object.entries(rawParams ?? {}).map(([key, value]) => [key, Array.isArray(value) ? value.join('/') : (value ?? '')]));
      const result = await spec.handle({ ctx, body, params, query: request.nextUrl.searchParams, request, media, client });
      if (result instanceof Response) return result;
      return json(result.body ?? null, result.status ?? 200, result.headers);
    } catch (error) {
      return errorResponse(error, { oauth: spec.oauth });
    }
  };
}

/**
 * The one REST wrapper: every method of a path is declared here; the others answer 2.5 (405) with Allow.
 * Order of checks: Accept (406), authentication (401), body (400/415), then the endpoint. CORS and OPTIONS: cors.ts.
 */
// Each method has its own body type; `any` lets one record hold them all (wrap() keeps each one typed).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function route(methods: Partial<Record<Method, Endpoint<any>>>) {
  const allow = METHODS.filter((method) => methods[method]).join(', ');
  const notAllowed: Handler = async () => errorResponse(new ServiceError([errorItem('2.5')]), { headers: { Allow: allow } });
  const handlers = Object.fromEntries(METHODS.map((method) => [method, methods[method] ? wrap(methods[method]!) : notAllowed])) as Record<Method, Handler>;
  return withCors(
    handlers,
    METHODS.filter((method) => methods[method]),
  );
}

/** For paths that exist nowhere: 2.2 (404) whatever the method. */
export function unknownPath() {
  const handler: Handler = async () => errorResponse(new ServiceError([errorItem('2.2')]));
  return withCors(Object.fromEntries(METHODS.map((method) => [method, handler])) as Record<Method, Handler>, undefined);
}
