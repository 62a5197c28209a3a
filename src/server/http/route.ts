import type { NextRequest } from 'next/server';
import type { z } from 'zod';
import { CONTENT_TYPE_FIELD } from '@/lib/errors/catalogue';
import { errorItem, fail, parseInput, ServiceError } from '@/server/errors';
import { createServiceContext, type ServiceContext } from '@/server/services/context';
import { resolveAccessToken } from '@/server/services/oauth/resolve-access-token';
import { stagingInto } from '@/server/services/document/staged-files';
import { authenticateClient, type OAuthClient } from '@/server/services/oauth/authenticate-client';
import { getSessionAccountId } from '@/server/auth/session';
import { parseBasicAuth, parseBearer } from './auth';
import { bodyLimitOf, readBodyText, refuseDeclaredOversize, type BodyKind, type BodyShape } from './body-gate';
import { withCors } from './cors';
import { assertSafeInput } from './safe-input';
import { jsonMayHoldUnsafeText } from '@/lib/text/unsafe-text';
import { isFormContentType, isJsonContentType, JSON_MEDIA, negotiateMedia } from './negotiate';
import { errorResponse, json, withApiHeaders } from './respond';
import { answerIdempotently, idempotencyKeyOf, limitWrite } from './write-guards';
import { recordAnswer } from './answered-codes';
import { anyJson } from './any-json';
import type { ApiOperation } from '@/lib/openapi/operation';
import { keyOfOperation, operationOf, type OperationKey } from '@/lib/openapi/operations';
import { observed, routePattern } from '@/server/observability/observe-request';

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

/** A route the reference does not describe (the /api index, the portal's language switch, the admin command's way in): why. */
export interface InternalRoute {
  internal: string;
  /** A form body, handed over as a plain record. */
  form?: boolean;
  /** `session`: the signed-in portal account (the portal's PDF and receipt downloads); none by default. */
  auth?: 'session';
}

export interface Endpoint<TBody = undefined> {
  /**
   * The operation of the reference this endpoint serves, by method and path (`'POST /freightdocuments/{id}/issue'`,
   * src/lib/openapi/operations-*.ts). Its authentication, the form of its body and the error codes it may answer come
   * from there: one declaration for the handler and the OpenAPI document.
   */
  operation: OperationKey | InternalRoute;
  /**
   * The JSON body's schema, which types `body`: the operation's own (2.7, 2.6/415, 2.4 and category 3 answered here),
   * or `anyJson` when the service validates the body itself to report field and cross-field problems together.
   */
  body?: z.ZodType<TBody>;
  /** Media types this endpoint can answer with; the first is the default. */
  produces?: readonly string[];
  /** Contract §1: `files` for the routes that carry files (up to MAX_BODY_BYTES); all others take 1 MiB. */
  bodyKind?: BodyKind;
  /** Runs after authentication and before the body is read (a check that must not wait for the body). */
  beforeBody?: (request: NextRequest) => void | Promise<void>;
  handle: (args: EndpointArgs<TBody>) => Promise<Response | JsonResult>;
}

/** An endpoint as the wrapper runs it: what its operation declares, resolved once when the route module loads. */
interface BoundEndpoint<TBody> extends Endpoint<TBody> {
  /** Undefined for an internal route. */
  declared?: ApiOperation;
  /**
   * `bearer`: an access token; `client`: Basic client credentials; `none`: public (or a gate's own, see efti-gate.ts);
   * `session`: the portal's signed-in account (internal routes only), so the portal's downloads take the same way in.
   */
  auth: ApiOperation['auth'] | 'session';
  /** A form body (the OAuth endpoints), handed over as a plain record. */
  form: boolean;
  /** The body as the text sent, unparsed (the eFTI follow-up's text/plain): its type and length are the endpoint's to check. */
  text: boolean;
  /** Error bodies carry the RFC 6749 fields too. */
  oauth: boolean;
}

/**
 * Binds an endpoint to its operation. A body schema other than the operation's (or `anyJson`), or a body the
 * operation does not document, fails here, when the route module loads: in the build and in every test.
 */
export function endpoint<TBody = undefined>(spec: Endpoint<TBody>): BoundEndpoint<TBody> {
  if (typeof spec.operation === 'object') {
    return { ...spec, auth: spec.operation.auth ?? 'none', form: !!spec.operation.form, text: false, oauth: false };
  }
  const declared = operationOf(spec.operation);
  const documented = declared.body;
  const json = !!documented && !documented.form && !documented.text;
  if (json ? !spec.body || (spec.body !== documented.schema && spec.body !== anyJson) : !!spec.body) {
    throw new Error(`${spec.operation}: the endpoint's body schema must be the one the reference documents (or anyJson)`);
  }
  return { ...spec, declared, auth: declared.auth, form: !!documented?.form, text: !!documented?.text, oauth: !!declared.oauth };
}

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type Handler = (request: NextRequest, context: RouteContext) => Promise<Response>;

/** The body as the endpoint takes it, and as it came (for the idempotency fingerprint). */
async function readBody<TBody>(request: NextRequest, spec: BoundEndpoint<TBody>, ctx: ServiceContext): Promise<{ body: TBody; text: string }> {
  // Only a JSON body of a files route has files to stream into the blob store (anything else is refused below).
  const json = !!spec.body && isJsonContentType(request.headers.get('content-type'));
  const stage = json ? stagingInto(ctx) : undefined;
  // Counted as what it will be parsed as: JSON, a form, or neither (a text endpoint's, or a body refused unparsed).
  const shape: BodyShape = json ? 'json' : spec.form ? 'form' : 'bytes';
  const text = await readBodyText(request, spec.bodyKind ?? 'small', stage, shape);
  return { body: await parseBody(text, request, spec), text };
}

async function parseBody<TBody>(text: string, request: NextRequest, spec: BoundEndpoint<TBody>): Promise<TBody> {
  const contentType = request.headers.get('content-type');
  if (spec.text) return text as TBody;
  if (spec.form) {
    if (text && !isFormContentType(contentType)) {
      fail('2.6', CONTENT_TYPE_FIELD, { description: 'Content-Type must be application/x-www-form-urlencoded.' });
    }
    const form = Object.fromEntries(new URLSearchParams(text));
    assertSafeInput({ body: form });
    return form as TBody;
  }
  if (!spec.body) return undefined as TBody;
  if (!text.trim()) fail('2.7');
  if (!isJsonContentType(contentType)) fail('2.6', CONTENT_TYPE_FIELD, { description: 'Content-Type must be application/json.' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    fail('2.4');
  }
  if (jsonMayHoldUnsafeText(text)) assertSafeInput({ body: parsed });
  return parseInput(spec.body, parsed);
}

async function authenticate(request: NextRequest, spec: BoundEndpoint<unknown>, ctx: ServiceContext): Promise<OAuthClient | undefined> {
  const header = request.headers.get('authorization');
  if (spec.auth === 'bearer') {
    const token = parseBearer(header);
    if (!token) fail('1.8');
    ctx.caller = await resolveAccessToken({ ctx, input: { token } });
    return undefined;
  }
  if (spec.auth === 'session') {
    const accountId = await getSessionAccountId();
    if (!accountId) fail('1.8');
    ctx.caller = { accountId };
    return undefined;
  }
  if (spec.auth === 'client') {
    const credentials = parseBasicAuth(header);
    if (!credentials) fail('1.1');
    return authenticateClient({ ctx, input: credentials });
  }
  return undefined;
}

function wrap<TBody>(spec: BoundEndpoint<TBody>): Handler {
  return async (request, context) => {
    try {
      refuseDeclaredOversize(request.headers, bodyLimitOf(spec.bodyKind ?? 'small'));
      const media = negotiateMedia(request.headers.get('accept'), spec.produces ?? [JSON_MEDIA]);
      const ctx = await createServiceContext();
      const client = await authenticate(request, spec as BoundEndpoint<unknown>, ctx);
      await limitWrite(request.method, { ctx, client });
      const idempotency = idempotencyKeyOf(request, { ctx, client });
      await spec.beforeBody?.(request);
      const { body, text } = await readBody(request, spec, ctx);
      const rawParams = await context.params;
      const params = Object.fromEntries(Object.entries(rawParams ?? {}).map(([key, value]) => [key, Array.isArray(value) ? value.join('/') : (value ?? '')]));
      assertSafeInput({ query: request.nextUrl.searchParams, params });
      const answer = async () => {
        const result = await spec.handle({ ctx, body, params, query: request.nextUrl.searchParams, request, media, client });
        return result instanceof Response ? result : json(result.body ?? null, result.status ?? 200, result.headers);
      };
      if (!idempotency) return await answer();
      // Contract §13: the endpoint's own refusals are answers too, kept and replayed like its successes.
      return await answerIdempotently(ctx, { ...idempotency, request, bodyText: text }, () =>
        answer().catch((error: unknown) => errorResponse(error, { oauth: spec.oauth })),
      );
    } catch (error) {
      return errorResponse(error, { oauth: spec.oauth });
    }
  };
}

/** An answer that needs no endpoint (405, unknown path), after the one check that comes first: a declared oversized body is 413. */
function refusing(answer: () => Response): Handler {
  return async (request) => {
    try {
      refuseDeclaredOversize(request.headers, bodyLimitOf('small'));
    } catch (error) {
      return errorResponse(error);
    }
    return answer();
  };
}

/** The operations of every route module loaded so far (tests/unit/route-operations.test.ts loads them all). */
export const servedOperations = new Set<OperationKey>();

/**
 * The one REST wrapper: every method of a path is declared here; the others answer 2.5 (405) with Allow.
 * Order of checks: declared body size (413), Accept (406), authentication (401), the rate limits of writes (429)
 * and the Idempotency-Key's form (write-guards.ts), `beforeBody`, the body read under the size limit (413, 400,
 * 415), NUL and unpaired surrogates in query and path (3.17), then the endpoint, once per Idempotency-Key.
 * CORS and OPTIONS: cors.ts; request ids, access log and metrics: observability/observe-request.ts.
 */
// Each method has its own body type; `any` lets one record hold them all (wrap() keeps each one typed).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function route(methods: Partial<Record<Method, BoundEndpoint<any>>>) {
  for (const method of METHODS) if (methods[method]?.declared) servedOperations.add(keyOfOperation(methods[method].declared));
  const allow = METHODS.filter((method) => methods[method]).join(', ');
  const notAllowed = refusing(() => errorResponse(new ServiceError([errorItem('2.5')]), { headers: { Allow: allow } }));
  const handlers = Object.fromEntries(METHODS.map((method) => [method, methods[method] ? wrap(methods[method]!) : notAllowed])) as Record<Method, Handler>;
  return observeRoute(
    withCors(
      handlers,
      METHODS.filter((method) => methods[method]),
    ),
    { operations: (method) => methods[method as Method]?.declared },
  );
}

/** Every handler of a path observed (request id, access line, metrics) under its route pattern, or `label`. */
function observeRoute<Method extends string>(
  handlers: Record<Method, Handler>,
  { label, operations }: { label?: string; operations?: (method: string) => ApiOperation | undefined } = {},
): Record<Method, Handler> {
  const pattern = async (request: NextRequest, context: RouteContext) => label ?? routePattern(request.nextUrl.pathname, await context.params);
  const noStore =
    (method: string, handler: Handler): Handler =>
    async (request, context) => {
      const response = withApiHeaders(await handler(request, context));
      // Tests only: nothing happens unless RECORD_ANSWERED_CODES is set (answered-codes.ts).
      await recordAnswer(await pattern(request, context), method, response, operations?.(method));
      return response;
    };
  return Object.fromEntries(Object.entries<Handler>(handlers).map(([method, handler]) => [method, observed(noStore(method, handler), pattern)])) as Record<
    Method,
    Handler
  >;
}

/**
 * For paths that exist nowhere: 2.2 (404) whatever the method. `operations`: of a path that exists only while a
 * setting is on (routeWhile), so its 2.2 is recorded under the operation the path serves when on (issue 35).
 */
export function unknownPath(operations?: (method: string) => ApiOperation | undefined) {
  const handler = refusing(() => errorResponse(new ServiceError([errorItem('2.2')])));
  return observeRoute(withCors(Object.fromEntries(METHODS.map((method) => [method, handler])) as Record<Method, Handler>, undefined), {
    label: 'unmatched',
    operations,
  });
}

/**
 * A path that exists only while `exists()` holds (eFTI's, efti-gate.ts), asked per request: otherwise every method
 * answers exactly as an unknown path does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as route()'s
export function routeWhile(exists: () => boolean, methods: Partial<Record<Method, BoundEndpoint<any>>>) {
  const on = route(methods);
  const off = unknownPath((method) => methods[method as Method]?.declared);
  const handler =
    (method: Method | 'OPTIONS'): Handler =>
    (request, context) =>
      (exists() ? on : off)[method](request, context);
  return Object.fromEntries([...METHODS, 'OPTIONS' as const].map((method) => [method, handler(method)])) as typeof on;
}
