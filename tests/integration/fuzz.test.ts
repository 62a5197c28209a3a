/**
 * Hostile input (issue 13 part 4): requests generated from the OpenAPI document for every REST operation (bodies from
 * its JSON Schemas, which come from the zod schemas the endpoints parse with; path ids, query strings and headers),
 * valid, near-valid and garbage. Every answer: no 5xx; every 4xx in the error format of contract §1; no stack trace
 * or internal name. 20,000 requests under `npm run test:fuzz` / `test:full`, a sample of 2,000 drawn from the run's seed in
 * `npm test` (tests/support/sampling.ts); FUZZ_REQUESTS and FUZZ_SEED override both. Failures print their requests.
 *
 * @backends every: a request the generator finds may fail in SQL that PGlite and PostgreSQL answer differently.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { bodyText, fromSchema, oddText } from '../support/fuzz-arbitraries';
import { createDocument } from './documents-support';
import { sized, TEST_SEED } from '../support/sampling';
import { basicHeader, Driver, serverTarget, startOwnServer, type Client } from './driver';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? sized(20_000, 2_000));
const SEED = Number(process.env.FUZZ_SEED ?? TEST_SEED % 1_000_000);
const CONCURRENCY = 12;
const PGP = 'application/vnd.freightdocument.v1+pgp-signature';

/** Names and traces that must never reach a client: the stack, the ORM, the database, the file system, SQL. */
const LEAK =
  /drizzle|postgres|pglite|node_modules|\.next\/server|\bat (async )?[\w.<>]+ \(|\bat \/|\.tsx?:\d+|syntax error at or near|insert into|violates .* constraint|TypeError|ReferenceError|SyntaxError: /i;
const ERROR_CODE = /^[1-5]\.\d{1,2}$/;

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

let server: RunningServer;
let api: Driver;
let client: Client;
let token: string;
let documentIds: string[];
let document: any;

beforeAll(async () => {
  // Rate limits off: they would answer 429 to most of 20,000 requests and hide what lies behind them.
  server = await startOwnServer('fuzz', {
    RATE_LIMIT_WRITES_PER_ACCOUNT: '0',
    RATE_LIMIT_WRITES_PER_CLIENT: '0',
    RATE_LIMIT_TOKEN_REQUESTS_PER_CLIENT: '0',
    RATE_LIMIT_SIGNUPS_PER_CLIENT: '0',
    LOG_LEVEL: 'warn',
  });
  api = new Driver(serverTarget(server));
  client = await api.createClient({ name: 'Fuzz' });
  token = (await api.login(client, await api.createActiveAccount(client))).access_token;
  documentIds = await Promise.all([1, 2, 3].map(() => createDocument(api, token)));
  document = (await api.get('/api/openapi.json')).body;
}, 120_000);
afterAll(() => server?.dispose());

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 });

/** A path parameter: a real id, an unknown one, or something no id looks like (percent-encoded as sent). */
function pathValue(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...documentIds) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 3,
      arbitrary: oddText.map((text) => {
        try {
          return encodeURIComponent(text) || '%20';
        } catch {
          return '%ED%A0%80'; // a lone surrogate, UTF-8 encoded as clients would send it
        }
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom('%00', '%C0%AE', '%ZZ', '..', '%2F..%2F', 'A'.repeat(5000), '%F0%9F%92%A9', '1e308', '-1', 'null') },
  );
}

function queryString(parameters: any[]): fc.Arbitrary<string> {
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const known = fc.record(
    Object.fromEntries(query.map((parameter) => [parameter.name, fc.oneof(fromSchema(parameter.schema, document).map(String), printable, oddText)])),
    { requiredKeys: [] },
  );
  const unknown = fc.dictionary(printable, oddText, { maxKeys: 2 });
  return fc.tuple(known, fc.option(unknown, { nil: undefined })).map(([values, extra]) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...values, ...extra })) {
      try {
        params.append(name, String(value));
      } catch {
        params.append(name, 'x');
      }
    }
    // URLSearchParams replaces lone surrogates; send one raw in some requests.
    const text = params.toString();
    return text ? `?${text}` : '';
  });
}

function headersFor(auth: 'bearer' | 'client' | 'none', form: boolean): fc.Arbitrary<Record<string, string>> {
  const authorization = fc.oneof(
    { weight: 6, arbitrary: fc.constant(auth === 'client' ? basicHeader(client) : auth === 'bearer' ? `Bearer ${token}` : basicHeader(client)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: printable.map((text) => `Bearer ${text}`) },
    { weight: 1, arbitrary: printable.map((text) => `Basic ${Buffer.from(text).toString('base64')}`) },
    { weight: 1, arbitrary: printable },
  );
  const accept = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('application/json', '*/*', undefined) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'text/html',
        'application/pdf',
        PGP,
        'application/pgp-keys',
        'application/json;q=0',
        'image/*',
        'application/json;charset=utf-8',
      ),
    },
    { weight: 1, arbitrary: printable },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant(form ? 'application/x-www-form-urlencoded' : 'application/json') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'text/plain',
        undefined,
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
      ),
    },
    { weight: 1, arbitrary: printable },
  );
  const extra = fc.record(
    { 'Idempotency-Key': fc.oneof(printable, fc.constant('A'.repeat(300))), Origin: printable, 'Accept-Language': printable, 'X-Request-Id': printable },
    { requiredKeys: [] },
  );
  return fc.tuple(authorization, accept, contentType, extra).map(([authorizationValue, acceptValue, type, more]) => {
    const headers: Record<string, string> = { ...more };
    if (authorizationValue !== undefined) headers.Authorization = authorizationValue;
    if (acceptValue !== undefined) headers.Accept = acceptValue;
    if (type !== undefined) headers['Content-Type'] = type;
    return headers;
  });
}

/** Every request of one operation, mostly with its own method and occasionally another (405). */
function requestsFor(path: string, method: string, operation: any): fc.Arbitrary<FuzzRequest> {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const content = operation.requestBody?.content ?? {};
  const form = 'application/x-www-form-urlencoded' in content;
  const schema = (content['application/json'] ?? content['application/x-www-form-urlencoded'])?.schema;
  const formBody = fromSchema(schema ?? {}, document).map((value) =>
    new URLSearchParams(Object.entries((value ?? {}) as Record<string, unknown>).map(([key, item]) => [key, String(item)])).toString(),
  );
  const body = operation.requestBody
    ? form
      ? fc.oneof(formBody, bodyText(schema, document))
      : bodyText(schema, document)
    : fc.option(bodyText(undefined, document), { nil: undefined, freq: 4 });
  // Account operations declare OAuth 2.0 first and the plain bearer token beside it; client operations Basic.
  const scheme = operation.security?.[0] ?? {};
  const auth = scheme.oauth2 || scheme.bearer ? 'bearer' : scheme.client ? 'client' : 'none';
  return fc
    .record({
      values: fc.tuple(...names.map(() => pathValue())),
      query: queryString(operation.parameters ?? []),
      headers: headersFor(auth, form),
      body,
      method: fc.oneof(
        { weight: 12, arbitrary: fc.constant(method.toUpperCase()) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE') },
      ),
      prefix: fc.constantFrom('/api', '/api', '/api', '/v1/api'),
      trailingSlash: fc.boolean(),
    })
    .map(({ values, query, headers, body: text, method: sent, prefix, trailingSlash }) => {
      let filled = path;
      names.forEach((name, index) => (filled = filled.replace(`{${name}}`, values[index]!)));
      const withBody = sent !== 'GET' && text !== undefined;
      return { method: sent, path: `${prefix}${filled}${trailingSlash ? '/' : ''}${query}`, headers, body: withBody ? text : undefined };
    });
}

interface Finding {
  request: FuzzRequest;
  status: number;
  problem: string;
  answer: string;
}

async function send(request: FuzzRequest, retried = false): Promise<Finding | undefined> {
  let response: Response;
  try {
    response = await fetch(`${server.baseUrl}${request.path}`, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' });
  } catch (error) {
    // The client refused to send it (a header value it cannot encode): not an answer of the server.
    if (error instanceof TypeError && !/fetch failed/.test(error.message)) return undefined;
    // A kept-alive connection the server closed at its idle timeout just as the client reused it (no server error is
    // logged then): sent again once on a new connection; a second failure counts.
    if (!retried && /other side closed/.test(String((error as Error).cause ?? ''))) return send(request, true);
    return { request, status: 0, problem: `no answer: ${String((error as Error).cause ?? error)}`, answer: '' };
  }
  const text = await response.text();
  const finding = (problem: string): Finding => ({ request, status: response.status, problem, answer: text.slice(0, 400) });
  if (response.status >= 500) return finding('server error');
  if (LEAK.test(text)) return finding(`internal detail in the answer: ${LEAK.exec(text)![0]}`);
  for (const [name, value] of response.headers) if (LEAK.test(value)) return finding(`internal detail in header ${name}`);
  // 431: Node's HTTP parser refuses a request line and headers over 16 KB before the application sees them (a
  // transport-level refusal with no body, like a closed connection); everything the application answers is checked.
  if (response.status === 431) return undefined;
  if (response.status >= 400) {
    const type = response.headers.get('content-type') ?? '';
    // The authorization endpoint answers a person's browser with an error page (contract §2).
    if (type.startsWith('text/html') && request.path.includes('/oauth/authorize')) return undefined;
    if (!type.startsWith('application/json')) return finding(`4xx not JSON (${type})`);
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      return finding('4xx body is not JSON');
    }
    const errors = body?.errors;
    if (!Array.isArray(errors) || errors.length === 0) return finding('4xx without errors');
    for (const error of errors) {
      if (typeof error?.code !== 'string' || !ERROR_CODE.test(error.code)) return finding(`bad error code ${JSON.stringify(error?.code)}`);
      if (typeof error.description !== 'string' || !error.description) return finding('error without description');
      if (error.field !== undefined && typeof error.field !== 'string') return finding('error field not a string');
    }
  }
  return undefined;
}

describe('hostile input on every REST operation', () => {
  it(`answers ${REQUESTS} generated requests with no 5xx, contract §1 errors and no internal detail`, async () => {
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(40);
    // Sign-ups and token requests hash a password (scrypt, on purpose slow): a smaller share of the requests.
    const slow = (path: string) => path === '/oauth/token' || path === '/accounts/users';
    const shares = operations.map(({ path }) => (slow(path) ? 0.25 : 1));
    const perShare = REQUESTS / shares.reduce((sum, share) => sum + share, 0);
    const requests = operations.flatMap(({ path, method, operation }, index) =>
      fc.sample(requestsFor(path, method, operation), { numRuns: Math.ceil(perShare * shares[index]!), seed: SEED + index }),
    );
    const findings: Finding[] = [];
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const request = requests[next++]!;
          const finding = await send(request);
          if (finding) findings.push(finding);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(`fuzz: ${requests.length} requests over ${operations.length} operations in ${seconds.toFixed(1)} s (seed ${SEED})`);
    const report = findings
      .slice(0, 15)
      .map(
        (finding) =>
          `${finding.problem} — ${finding.status} ${finding.request.method} ${finding.request.path.slice(0, 200)} ${JSON.stringify(finding.request.headers).slice(0, 300)} body=${JSON.stringify(finding.request.body?.slice(0, 300))} → ${finding.answer}`,
      );
    expect(requests.length).toBeGreaterThanOrEqual(REQUESTS);
    expect(
      report,
      `seed ${SEED}: ${findings.length} findings; replay: FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS} npx vitest run --project integration-pglite tests/integration/fuzz.test.ts`,
    ).toEqual([]);
  }, 900_000);
});
