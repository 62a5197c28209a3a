import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { describeError, type ErrorCode } from '@/lib/errors/catalogue';
import { components } from './components';
import { PARAMETER_DESCRIPTIONS } from './parameters';
import { registerWebhooks } from './webhooks';
import type { ApiOperation, Representation } from './operation';
import { errorAnswers } from './error-answers';
import { apiOperations } from './operations';

export { apiOperations };

function mediaContent(content: Record<string, Representation>) {
  return Object.fromEntries(
    Object.entries(content).map(([media, representation]) => {
      const schema = representation.schema ?? (representation.format === 'binary' ? z.string().meta({ format: 'binary' }) : z.string());
      return [media, { schema, ...(representation.example === undefined ? {} : { example: representation.example }) }];
    }),
  );
}

function pathParameters(operation: ApiOperation) {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  if (names.length === 0) return undefined;
  return z.object(
    Object.fromEntries(
      names.map((name) => [name, z.string().meta({ description: PARAMETER_DESCRIPTIONS[name], example: operation.parameterExamples?.[name] })]),
    ),
  );
}

function queryParameters(operation: ApiOperation) {
  if (!operation.query) return undefined;
  const shape = Object.fromEntries(
    Object.entries(operation.query.shape).map(([name, schema]) => {
      const example = operation.parameterExamples?.[name];
      const described = (schema as z.ZodType).description ? {} : { description: PARAMETER_DESCRIPTIONS[name] };
      return [
        name,
        (schema as z.ZodType).meta({ ...described, ...(example === undefined ? {} : { example: /^\d+$/.test(example) ? Number(example) : example }) }),
      ];
    }),
  );
  return z.object(shape);
}

// A type, not an interface: it must fit OpenAPI's header object, whose `x-…` index signature interfaces do not meet.
type ResponseHeader = {
  description: string;
  schema: { type: 'string' };
  example: string;
};

/** What the response headers the service sends mean (contract §1, §2, §13). */
const RESPONSE_HEADERS: Record<string, string> = {
  'X-Request-Id':
    'The id of this request in the service’s logs: a sane incoming `X-Request-Id` (up to 128 characters of `A-Z a-z 0-9 . _ : / + = -`) is kept, anything else replaced by a UUID. Quote it when reporting a problem.',
  'Idempotency-Replayed': '`true` when this answer is the kept answer of an earlier request with the same `Idempotency-Key`; nothing was changed again.',
  'Retry-After':
    'Seconds to wait before trying again: a rate limit, the two-factor attempt limit (5 wrong codes per transfer in 15 minutes), or a username locked out after failed sign-ins.',
  Location: 'Where the created resource is read.',
  'Cache-Control': '`no-store` on answers that carry a document, secrets or tokens.',
  'Content-Disposition': "The file name to save the answer under, RFC 6266-encoded (`filename*=UTF-8''…` for names beyond ASCII).",
  'Content-Length': 'The length of the body in bytes, known before it is streamed (a download shows its progress and can be checked for completeness).',
  ETag: 'The file’s lowercase hex SHA-256 digest in quotes; it never changes for these bytes. Send it in `If-None-Match` (304) or `If-Range`.',
  'Accept-Ranges': '`bytes`: the file can be read in parts with `Range`.',
  'Content-Range': '`bytes first-last/size`: the part of the file this answer holds.',
};
const commonHeader = (name: string, example: string): ResponseHeader => ({ description: RESPONSE_HEADERS[name]!, schema: { type: 'string' }, example });
const REQUEST_ID = commonHeader('X-Request-Id', '4f7d2c9e-3b1a-4e8f-9a6d-2c5b7e1f0a34');

/** Whether the operation's answers are kept per `Idempotency-Key`: writes of an account or a client system (the gate is neither). */
const keepsAnswers = (operation: ApiOperation) => ['post', 'put', 'patch'].includes(operation.method) && operation.security !== 'eftiGate';

/** The request headers an operation reads: `Idempotency-Key` on the writes that keep answers, and its own. */
function requestHeaders(operation: ApiOperation) {
  const shape = {
    ...(keepsAnswers(operation)
      ? { 'Idempotency-Key': z.string().min(1).max(255).optional().meta({ description: PARAMETER_DESCRIPTIONS['Idempotency-Key'] }) }
      : {}),
    ...operation.requestHeaders?.shape,
  };
  return Object.keys(shape).length ? z.object(shape) : undefined;
}

function register(registry: OpenAPIRegistry, operation: ApiOperation, refs: { error: z.ZodType; oauthError: z.ZodType }) {
  const responses: Record<string, { description: string; content?: ReturnType<typeof mediaContent>; headers?: Record<string, ResponseHeader> }> = {};
  const idempotent = keepsAnswers(operation);
  for (const answer of operation.success) {
    const named = Object.fromEntries(
      Object.entries(answer.headers ?? {}).map(([name, example]) => [
        name,
        { description: RESPONSE_HEADERS[name] ?? name, schema: { type: 'string' as const }, example },
      ]),
    );
    responses[String(answer.status)] = {
      description: answer.description,
      ...(answer.content ? { content: mediaContent(answer.content) } : {}),
      headers: { ...named, ...(idempotent ? { 'Idempotency-Replayed': commonHeader('Idempotency-Replayed', 'true') } : {}), 'X-Request-Id': REQUEST_ID },
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const { code, status } of errorAnswers(operation)) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const first = codes[0]!;
    const example = {
      errors: [{ code: first, description: describeError(first) }],
      ...(operation.oauth ? { error: first === '1.6' ? 'invalid_client' : 'invalid_request', error_description: describeError(first) } : {}),
    };
    responses[String(status)] = {
      headers: { ...(status === 429 ? { 'Retry-After': commonHeader('Retry-After', '60') } : {}), 'X-Request-Id': REQUEST_ID },
      description: codes.map((code) => `\`${code}\` ${describeError(code)}`).join(' · '),
      content: { 'application/json': { schema: operation.oauth ? refs.oauthError : refs.error, example } },
    };
  }
  const body = operation.body;
  registry.registerPath({
    method: operation.method,
    path: operation.path,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    operationId: `${operation.method}${operation.path.replace(/\{(\w+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())}`,
    security: securityOf(operation),
    request: {
      params: pathParameters(operation),
      query: queryParameters(operation),
      headers: requestHeaders(operation),
      body: body
        ? {
            required: !body.optional,
            content: {
              [body.form ? 'application/x-www-form-urlencoded' : body.text ? 'text/plain' : 'application/json']: {
                schema: body.schema,
                ...(body.examples ? { examples: body.examples } : { example: body.example }),
              },
            },
          }
        : undefined,
    },
    responses,
  });
}

/** The service scope as the document names it: `OAUTH_SCOPE`'s default (an operator may rename it or add aliases). */
const SCOPES = { service: 'The one scope of the service (`OAUTH_SCOPE`, default `service`): everything the account may do.' };

/**
 * Who may call an operation (issue 23): account operations by an OAuth 2.0 access token (any grant) or the same token
 * as a plain bearer; client operations, the token and revocation endpoints included, by the client's Basic credentials.
 */
function securityOf(operation: ApiOperation): Record<string, string[]>[] {
  const scheme = operation.security ?? operation.auth;
  if (scheme === 'bearer') return [{ oauth2: Object.keys(SCOPES) }, { bearer: [] }];
  if (scheme === 'client') return [{ client: [] }];
  if (scheme === 'eftiGate') return [{ eftiGate: [] }];
  return [];
}

/** The document's tags, in the reference's order, each with what a reader finds under it (new tags go here). */
const TAGS = [
  {
    name: 'Authentication',
    description:
      'OAuth 2.0 tokens (password, refresh token, authorization code with PKCE, implicit) and their revocation. Guide: [getting started](/docs/guides/getting-started).',
  },
  { name: 'Accounts', description: 'Sign-up, activation, the signed-in account, its password and its account-wide delegates.' },
  {
    name: 'Freight documents',
    description:
      'Create, read (JSON, PDF or PGP-signed), list, replace, issue and cancel waybills; estimated times and goods corrections. Guide: /docs/guides/transfers.',
  },
  { name: 'Attachments', description: 'Files of a document (PDF, PNG, JPEG) and their content.' },
  {
    name: 'Transfers',
    description:
      'Approvals of the collection, the hand-overs between carriers and the delivery (own, two-factor code, sign on glass, implicit), hand-over links, status updates, comments and license plates. Guides: [transfers end to end](/docs/guides/transfers), [two-factor codes](/docs/guides/two-factor-codes).',
  },
  {
    name: 'Legal events',
    description:
      'The CMR’s reservations, instructions, impediments, cash on delivery, replacement by paper, the sender’s receipt and the procedures statement. Guide: [legal events](/docs/guides/legal-events).',
  },
  { name: 'Delegation', description: 'Delegating a role of one document, or of every document of an account, to another account.' },
  { name: 'Subscriptions', description: 'Webhooks: subscriptions, their delivery log, test events and redelivery. Guide: [webhooks](/docs/guides/webhooks).' },
  {
    name: 'eFTI',
    description:
      'Only while the operator has switched eFTI on (otherwise every route here answers `2.2`): what authorities would miss (readiness), the identifier uploads to the operator’s eFTI gate, every authority access, and the two routes an authority’s eFTI gate calls with its own credentials (EU Regulation 2020/1056, the EU reference implementation’s platform API). Guide: [eFTI for operators](/docs/guides/efti).',
  },
  { name: 'PGP', description: 'The service’s OpenPGP public key, which verifies PGP-signed documents and receipts.' },
  { name: 'Operations', description: 'Heartbeat, metrics and this OpenAPI document.' },
];

/** The OpenAPI 3.1 document of the REST API, generated from the zod schemas the endpoints parse with. */
export function buildOpenApiDocument(version: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'oauth2', {
    type: 'oauth2',
    description:
      'OAuth 2.0. The client authenticates with HTTP Basic (its id and secret, each form-urlencoded); access tokens live `ACCESS_TOKEN_TTL_SECONDS` (3600), refresh tokens rotate on every use. The password grant also answers the account’s `accountSecret` (TFA codes).',
    flows: {
      password: { tokenUrl: '/api/oauth/token', refreshUrl: '/api/oauth/token', scopes: SCOPES },
      authorizationCode: { authorizationUrl: '/api/oauth/authorize', tokenUrl: '/api/oauth/token', refreshUrl: '/api/oauth/token', scopes: SCOPES },
      implicit: { authorizationUrl: '/api/oauth/authorize', scopes: SCOPES },
    },
  });
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'An access token from `POST /oauth/token`, as `Authorization: Bearer …`.',
  });
  registry.registerComponent('securitySchemes', 'client', {
    type: 'http',
    scheme: 'basic',
    description: 'A client system’s id and secret (from the admin command `client:create`), as `Authorization: Basic …`.',
  });
  registry.registerComponent('securitySchemes', 'eftiGate', {
    type: 'http',
    scheme: 'basic',
    description:
      'An authority’s eFTI gate, not a client system: the user name and password the operator set as `EFTI_INBOUND_USERNAME` and `EFTI_INBOUND_PASSWORD`, as `Authorization: Basic …` (compared in constant time). Or, instead, the gate’s client certificate, verified by the operator’s reverse proxy, which passes its subject in the header `EFTI_INBOUND_CERT_HEADER` (trusted only from `EFTI_TRUSTED_PROXIES`). Wrong credentials: `1.6` with `WWW-Authenticate: Basic realm="efti"`.',
  });
  for (const operation of apiOperations) register(registry, operation, components);
  registerWebhooks(registry);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Freight Document Service',
      version,
      description:
        'REST API for electronic consignment notes (e-CMR). Every error answer is `{"errors":[{"code","description","field"?}]}`; the error-code table is on the reference page (`/docs/api`). Every path is also served under `/v1/api`.',
    },
    servers: [{ url: '/api' }, { url: '/v1/api' }],
    tags: TAGS,
  });
}
