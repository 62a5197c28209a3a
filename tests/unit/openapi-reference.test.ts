/**
 * Issue 23 part 2: the served reference is enough for an integrator. Every operation and every parameter is described
 * (this test counts them), account operations declare the OAuth 2.0 scheme and client operations HTTP Basic, token
 * requests are form-encoded with an example for every grant, and the `webhooks` section shows the delivery's payload
 * and its Standard Webhooks headers. Issue 35: every property of every schema is described too, no answer is typed
 * `unknown` for a generated client, and nothing cites the contract, which a reader of the reference cannot open.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/openapi/document';

interface Parameter {
  name: string;
  in: string;
  description?: string;
}
interface Operation {
  description?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { example?: unknown; examples?: Record<string, { value: Record<string, string> }> }> };
  responses: Record<string, unknown>;
}

const document = buildOpenApiDocument('test') as unknown as {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; flows?: Record<string, { tokenUrl?: string; authorizationUrl?: string }> }> };
};
const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method, path, operation })));

describe('the OpenAPI document as a reference (issue 23)', () => {
  it('describes every operation and every parameter', () => {
    expect(operations.length).toBeGreaterThanOrEqual(45);
    const undescribed = operations.filter(({ operation }) => !operation.description?.trim()).map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(undescribed).toEqual([]);
    const parameters = operations.flatMap(({ method, path, operation }) =>
      (operation.parameters ?? []).map((parameter) => ({ where: `${method.toUpperCase()} ${path} ${parameter.in}:${parameter.name}`, parameter })),
    );
    expect(parameters.length).toBeGreaterThan(60);
    expect(parameters.filter(({ parameter }) => !parameter.description?.trim()).map(({ where }) => where)).toEqual([]);
  });

  it('declares OAuth 2.0 (password, authorization code, implicit) for account operations and HTTP Basic for client operations', () => {
    const { oauth2, client } = document.components.securitySchemes;
    expect(oauth2!.type).toBe('oauth2');
    expect(Object.keys(oauth2!.flows!).sort()).toEqual(['authorizationCode', 'implicit', 'password']);
    expect(oauth2!.flows!.password!.tokenUrl).toBe('/api/oauth/token');
    expect(oauth2!.flows!.authorizationCode!.authorizationUrl).toBe('/api/oauth/authorize');
    expect(client).toMatchObject({ type: 'http', scheme: 'basic' });

    const securityOf = (method: string, path: string) => document.paths[path]![method]!.security;
    expect(securityOf('get', '/freightdocuments/{id}')).toEqual([{ oauth2: ['service'] }, { bearer: [] }]);
    expect(securityOf('post', '/accounts/users')).toEqual([{ client: [] }]);
    expect(securityOf('post', '/oauth/token')).toEqual([{ client: [] }]);
    expect(securityOf('post', '/oauth/revoke')).toEqual([{ client: [] }]);
    expect(securityOf('get', '/heartbeat')).toEqual([]);
    // The eFTI gate's routes take the gate's own Basic credentials, not a client system's.
    expect(document.components.securitySchemes.eftiGate).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(securityOf('get', '/v0/consignments/{datasetId}')).toEqual([{ eftiGate: [] }]);
    expect(securityOf('post', '/v0/consignments/{datasetId}/follow-up')).toEqual([{ eftiGate: [] }]);
    for (const { operation, method, path } of operations) expect(operation.security, `${method} ${path}`).toBeDefined();
  });

  it('names the response headers: X-Request-Id on every answer, Idempotency-Replayed on writes, Retry-After on 429', () => {
    for (const { method, path, operation } of operations) {
      for (const [status, answer] of Object.entries(operation.responses as Record<string, { headers?: Record<string, { description?: string }> }>)) {
        const where = `${method.toUpperCase()} ${path} ${status}`;
        expect(answer.headers?.['X-Request-Id']?.description, where).toBeTruthy();
        if (status === '429') expect(answer.headers?.['Retry-After']?.description, where).toBeTruthy();
        // The eFTI gate is neither an account nor a client system: its follow-up keeps no answers (and takes no Idempotency-Key).
        const kept = ['post', 'put', 'patch'].includes(method) && !operation.security?.some((scheme) => 'eftiGate' in scheme);
        if (Number(status) < 300) expect(answer.headers?.['Idempotency-Replayed'] !== undefined, where).toBe(kept);
        for (const [name, header] of Object.entries(answer.headers ?? {})) expect(header.description, `${where} ${name}`).toBeTruthy();
      }
    }
  });

  it('shows token requests form-encoded, with an example for every grant', () => {
    const content = document.paths['/oauth/token']!.post!.requestBody!.content;
    expect(Object.keys(content)).toEqual(['application/x-www-form-urlencoded']);
    const examples = content['application/x-www-form-urlencoded']!.examples!;
    expect(Object.values(examples).map((example) => example.value.grant_type)).toEqual(['password', 'refresh_token', 'authorization_code']);
    expect(document.paths['/oauth/revoke']!.post!.requestBody!.content).toHaveProperty('application/x-www-form-urlencoded');
  });

  it('has a webhooks section with the delivery payload and the Webhook-Id, Webhook-Timestamp and Webhook-Signature headers', () => {
    const webhook = document.webhooks.freightDocumentChanged!.post!;
    expect(webhook.description).toMatch(/signingSecret/);
    expect(webhook.description).toMatch(/WEBHOOK_ALLOW_PRIVATE_NETWORKS/);
    const headers = (webhook.parameters ?? []).filter((parameter) => parameter.in === 'header');
    expect(headers.map((parameter) => parameter.name)).toEqual(['Webhook-Id', 'Webhook-Timestamp', 'Webhook-Signature']);
    for (const header of headers) expect(header.description).toBeTruthy();
    const body = webhook.requestBody!.content['application/json'] as { schema: { properties: Record<string, unknown>; required: string[] }; example: unknown };
    expect(Object.keys(body.schema.properties)).toEqual(['freightDocumentId', 'status', 'event']);
    expect(body.schema.required).toEqual(['freightDocumentId', 'status']);
    expect(body.example).toEqual({ freightDocumentId: expect.any(String), status: 'TRANSIT' });
    expect(Object.keys(webhook.responses)).toEqual(['200', 'default']);
  });
});

interface Schema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
}
const full = document as unknown as {
  paths: Record<
    string,
    Record<
      string,
      { requestBody?: { content: Record<string, { schema?: Schema }> }; responses: Record<string, { content?: Record<string, { schema?: Schema }> }> }
    >
  >;
  webhooks: Record<string, Record<string, { requestBody?: { content: Record<string, { schema?: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};
const componentOf = (ref: string) => full.components.schemas[ref.replace('#/components/schemas/', '')]!;

/** Every property of a schema, depth first, with its path: `[where, property]`. */
function propertiesOf(schema: Schema, where: string, seen = new Set<Schema>()): [string, Schema][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const nested = (child: Schema | boolean | undefined, path: string) =>
    child && typeof child === 'object' && !child.$ref ? propertiesOf(child, path, seen) : [];
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([name, property]): [string, Schema][] => [
      [`${where}.${name}`, property],
      ...nested(property, `${where}.${name}`),
    ]),
    ...nested(schema.items, `${where}[]`),
    ...nested(schema.additionalProperties, `${where}{}`),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((choice) => nested(choice, where)),
  ];
}

/** Every schema the document holds: components, request bodies, answers and webhooks. */
function everySchema(): [string, Schema][] {
  const bodies = (where: string, content?: Record<string, { schema?: Schema }>) =>
    Object.entries(content ?? {}).flatMap(([media, { schema }]): [string, Schema][] => (schema ? [[`${where} ${media}`, schema]] : []));
  return [
    ...Object.entries(full.components.schemas).map(([name, schema]): [string, Schema] => [`#/components/schemas/${name}`, schema]),
    ...Object.entries(full.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) => [
        ...bodies(`${method.toUpperCase()} ${path} request`, operation.requestBody?.content),
        ...Object.entries(operation.responses).flatMap(([status, answer]) => bodies(`${method.toUpperCase()} ${path} ${status}`, answer.content)),
      ]),
    ),
    ...Object.entries(full.webhooks).flatMap(([name, item]) =>
      Object.values(item).flatMap((operation) => bodies(`webhook ${name}`, operation.requestBody?.content)),
    ),
  ];
}

/** A schema that says nothing of its value: a generated client types it `unknown`. */
const saysNothing = (schema: Schema) =>
  !schema.$ref && schema.type === undefined && !schema.anyOf && !schema.oneOf && !schema.allOf && schema.const === undefined && !schema.enum;
/** Free JSON on purpose: a comment's `clientMeta` is the client's own data, kept exactly as sent. */
const FREE_JSON = /\.clientMeta(\{\})?$/;

describe('every schema is described and typed (issue 35)', () => {
  it('every property of every schema has a description (0 missing)', () => {
    const properties = everySchema().flatMap(([where, schema]) => propertiesOf(schema, where));
    expect(properties.length).toBeGreaterThan(500);
    const described = (property: Schema) => !!(property.description?.trim() || (property.$ref && componentOf(property.$ref).description?.trim()));
    expect(properties.filter(([, property]) => !described(property)).map(([where]) => where)).toEqual([]);
  });

  it('no answer, and nothing inside one, is typed unknown for a generated client', () => {
    const answers = everySchema().filter(([where]) => / [23]\d\d /.test(where));
    expect(answers.length).toBeGreaterThan(40);
    const vague = answers.flatMap(([where, schema]) => [
      ...(saysNothing(schema) ? [where] : []),
      ...propertiesOf(schema, where)
        .filter(
          ([path, property]) =>
            !FREE_JSON.test(path) &&
            (saysNothing(property) || (typeof property.additionalProperties === 'object' && saysNothing(property.additionalProperties))),
        )
        .map(([path]) => path),
    ]);
    expect(vague).toEqual([]);
  });

  it('cites no contract section a reader cannot open', () => {
    const citations = JSON.stringify(document).match(/.{0,60}(contract|spec(ification)?) §.{0,20}/gi) ?? [];
    expect(citations).toEqual([]);
  });
});
