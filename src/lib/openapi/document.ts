import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { BODY_LENGTH_FIELD, CONTENT_TYPE_FIELD, describeError, httpStatusOf, type ErrorCode } from '@/lib/errors/catalogue';
import { components } from './components';
import { accountOperations } from './operations-accounts';
import { documentOperations } from './operations-documents';
import { legalEventOperations } from './operations-legal-events';
import { subscriptionOperationsList, transferOperations } from './operations-transfers';
import type { ApiOperation, Representation } from './operation';

/** Every REST operation of the service; tests/integration/openapi.test.ts fails when a route is missing here. */
export const apiOperations: ApiOperation[] = [
  ...accountOperations,
  ...documentOperations,
  ...transferOperations,
  ...legalEventOperations,
  ...subscriptionOperationsList,
];

interface ErrorAnswer {
  code: ErrorCode;
  status: number;
}

/**
 * The errors an operation can answer: its own codes, plus those every operation of its kind can (contract §1):
 * authentication, the Accept header, the body's media type, size and syntax, NUL characters, rate limits and
 * Idempotency-Key. Statuses come from the catalogue, so the document says what the server does.
 */
function errorAnswers(operation: ApiOperation): ErrorAnswer[] {
  const answers: ErrorAnswer[] = [];
  const add = (code: ErrorCode, field?: string) => answers.push({ code, status: httpStatusOf(code, { field, oauthEndpoint: operation.oauth }) });
  if (operation.auth === 'bearer') ['1.8', '1.11'].forEach((code) => add(code as ErrorCode));
  if (operation.auth === 'client') ['1.1', '1.6'].forEach((code) => add(code as ErrorCode));
  add('2.6');
  if (operation.body) {
    add('2.6', CONTENT_TYPE_FIELD);
    add('2.4');
    add('2.4', BODY_LENGTH_FIELD);
    if (!operation.body.form) add('2.7');
  }
  if (operation.body || operation.query || operation.path.includes('{')) add('3.17');
  if (operation.method !== 'get') {
    answers.push({ code: '1.10', status: httpStatusOf('1.10', { rateLimited: true }) });
    if (operation.method !== 'delete') add('4.50', 'Idempotency-Key');
  }
  for (const code of operation.errors) add(code);
  const seen = new Set<string>();
  return answers.filter((answer) => {
    const key = `${answer.code}/${answer.status}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

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
  return z.object(Object.fromEntries(names.map((name) => [name, z.string().meta({ example: operation.parameterExamples?.[name] })])));
}

function queryParameters(operation: ApiOperation) {
  if (!operation.query) return undefined;
  const shape = Object.fromEntries(
    Object.entries(operation.query.shape).map(([name, schema]) => {
      const example = operation.parameterExamples?.[name];
      if (example === undefined) return [name, schema];
      return [name, (schema as z.ZodType).meta({ example: /^\d+$/.test(example) ? Number(example) : example })];
    }),
  );
  return z.object(shape);
}

function register(registry: OpenAPIRegistry, operation: ApiOperation, refs: { error: z.ZodType; oauthError: z.ZodType }) {
  const responses: Record<
    string,
    { description: string; content?: ReturnType<typeof mediaContent>; headers?: Record<string, { schema: { type: 'string' }; example: string }> }
  > = {};
  for (const answer of operation.success) {
    responses[String(answer.status)] = {
      description: answer.description,
      ...(answer.content ? { content: mediaContent(answer.content) } : {}),
      ...(answer.headers
        ? { headers: Object.fromEntries(Object.entries(answer.headers).map(([name, example]) => [name, { schema: { type: 'string' as const }, example }])) }
        : {}),
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
    security: operation.auth === 'bearer' ? [{ bearer: [] }] : operation.auth === 'client' ? [{ client: [] }] : [],
    request: {
      params: pathParameters(operation),
      query: queryParameters(operation),
      headers: operation.method === 'get' || operation.method === 'delete' ? undefined : z.object({ 'Idempotency-Key': z.string().min(1).max(255).optional() }),
      body: body
        ? {
            required: !body.optional,
            content: { [body.form ? 'application/x-www-form-urlencoded' : 'application/json']: { schema: body.schema, example: body.example } },
          }
        : undefined,
    },
    responses,
  });
}

/** The OpenAPI 3.1 document of the REST API, generated from the zod schemas the endpoints parse with. */
export function buildOpenApiDocument(version: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', description: 'An access token from POST /oauth/token.' });
  registry.registerComponent('securitySchemes', 'client', { type: 'http', scheme: 'basic', description: 'A client system’s id and secret.' });
  for (const operation of apiOperations) register(registry, operation, components);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Freight Document Service',
      version,
      description:
        'REST API for electronic consignment notes (e-CMR). Every error answer is `{"errors":[{"code","description","field"?}]}`; the error-code table is on the reference page (`/docs/api`). Every path is also served under `/v1/api`.',
    },
    servers: [{ url: '/api' }, { url: '/v1/api' }],
    tags: ['Authentication', 'Accounts', 'Freight documents', 'Attachments', 'Transfers', 'Delegation', 'Subscriptions', 'PGP', 'Operations'].map((name) => ({
      name,
    })),
  });
}
