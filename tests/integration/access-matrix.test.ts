/**
 * No access across accounts (issue 13 part 5): every role of contract §5, a per-document delegate of each and an
 * outsider × every method of every REST route that takes a document or attachment id × every status, each answer
 * compared with the one the contract gives (access-matrix/rules.ts, written from contract §1, §4, §5, §7, §10, §11
 * and spec §3, §4). Where the document is hidden from the caller (no role, or cancelled), the answer must equal the
 * one for an id that does not exist: the same status, the same body and the same headers, and the same order of
 * magnitude of time. Runs on a server of its own that may call the test's webhook receiver on 127.0.0.1.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL, TEST_SEED } from '../support/sampling';
import { REPO_ROOT, type RunningServer } from '../support/server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { ALL_CASES, CASE_GROUPS, type CallContext, type CaseGroup, type Memo, type RouteCase } from './access-matrix/cases';
import { createCast, Documents, type Cast, type Caller, type FixtureDocument } from './access-matrix/fixture';
import { METHODS, ROUTES, routeFileTemplates } from './access-matrix/routes';
import { ROLES, STATUSES, type Expected, type Status } from './access-matrix/rules';
import { Driver, serverTarget, startOwnServer, type Reply } from './driver';

let server: RunningServer;
let receiver: WebhookReceiver;
let api: Driver;
let cast: Cast;
let documents: Documents;
const fixtures = {} as Record<Status, FixtureDocument>;
let sequence = 0;
const unique = () => ++sequence;
const callbackUrl = () => receiver.url(`/matrix-${unique()}`);
/** Requests the matrix sent (cells and their missing-id twins), for the report. */
const sent = { cells: 0, twins: 0 };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The matrix sends every manual webhook request for every caller and status: the per-account limit on them (issue
  // 20, tested in tests/services/webhook-manual-sends.test.ts) would answer most of them 429.
  server = await startOwnServer('access-matrix', { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_WEBHOOK_TESTS_PER_ACCOUNT: '0' });
  api = new Driver(serverTarget(server));
  cast = await createCast(api, await api.createClient({ name: 'Access matrix' }));
  documents = new Documents(api, cast);
  // Independent of each other: made side by side.
  await Promise.all(STATUSES.map(async (status) => (fixtures[status] = await documents.create(status, ROLES, { callbackUrl: callbackUrl() }))));
}, 240_000);

afterAll(async () => {
  const asked = sampledCallers(cast?.callers ?? []).map((caller) => caller.label);
  console.log(`access matrix: ${sent.cells} cells, ${sent.twins} missing-id twins; callers (seed ${TEST_SEED}${FULL ? ', full' : ''}): ${asked.join(', ')}`);
  await server?.dispose();
  await receiver?.close();
});

function summary(reply: Reply): string {
  const codes = (reply.body?.errors ?? []).map((error: { code: string }) => error.code);
  return codes.length ? `${reply.status} ${codes.join(',')}` : `${reply.status}`;
}

/** Why `reply` is not `expected` (status, and exactly one error of the expected code), or undefined. */
function disagreement(reply: Reply, expected: Expected): string | undefined {
  const wanted = expected.code ? `${expected.status} ${expected.code}` : `${expected.status}`;
  const got = summary(reply);
  if (expected.code) {
    const errors = reply.body?.errors;
    const exact = reply.status === expected.status && Array.isArray(errors) && errors.length === 1 && errors[0].code === expected.code;
    return exact && typeof errors[0].description === 'string' ? undefined : `expected ${wanted}, got ${got}`;
  }
  return reply.status === expected.status ? undefined : `expected ${wanted}, got ${got} ${reply.text.slice(0, 200)}`;
}

async function send(routeCase: RouteCase, context: CallContext): Promise<Reply> {
  const call = routeCase.call(context);
  return api.request(routeCase.method, call.path, { bearer: context.caller.person.token, json: call.json, headers: call.headers });
}

/** The same document with ids that exist nowhere: what a caller must not be able to tell apart from a hidden one. */
function missingTwin(doc: FixtureDocument): FixtureDocument {
  return { ...doc, id: crypto.randomUUID(), attachments: { sealed: crypto.randomUUID(), unsealed: crypto.randomUUID() } };
}

/** Header names that differ between any two answers whatever they say. */
const headerNames = (reply: Reply) => [...reply.headers.keys()].sort();

/** What tells two answers apart: status, body, header names. Empty when a caller cannot distinguish them. */
function differences(hidden: Reply, missing: Reply): string[] {
  const found: string[] = [];
  if (hidden.status !== missing.status) found.push(`status ${hidden.status} vs ${missing.status}`);
  if (hidden.text !== missing.text) found.push(`body ${hidden.text.slice(0, 200)} vs ${missing.text.slice(0, 200)}`);
  if (headerNames(hidden).join() !== headerNames(missing).join()) found.push(`headers ${headerNames(hidden).join()} vs ${headerNames(missing).join()}`);
  return found;
}

/** Runs `work` for every item, `width` at a time. */
async function inPool<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/**
 * Who is asked in this run: under `npm run test:full` all fifteen callers; in `npm test` the outsider and, for each
 * role, its holder or its delegate as the run's seed draws (issue 18: every role, route and status every run; each
 * holder and delegate in about every other run). Both share one rights computation (access/), so a role's holder and
 * its delegate can differ only in how the delegation is found, which the per-role draw still reaches.
 */
function sampledCallers(callers: readonly Caller[]): Caller[] {
  if (FULL) return [...callers];
  return callers.filter((caller, index) => caller.via === 'OUTSIDER' || (caller.via === 'DELEGATE') === Boolean((TEST_SEED >> (index >> 1)) & 1));
}

/** Callers served at once: the server does the work; a few in flight keep it busy while the test waits on replies. */
const CALLERS_AT_ONCE = 4;

/**
 * Runs one group of cases for every status and caller: each case in turn for the caller (they share its memo),
 * on the status's fixture, or on a document of its own when its success would move the fixture on. Returns one
 * line per cell whose answer is not the contract's, and per hidden cell that differs from its missing-id twin.
 */
async function runGroup(group: CaseGroup): Promise<string[]> {
  const problems: string[] = [];
  const runCaller = (status: Status) => async (caller: Caller) => {
    const memo: Memo = {};
    for (const routeCase of group.cases) {
      const expected = routeCase.expected({ role: caller.role, status });
      const own = routeCase.freshOnSuccess && expected.status < 300;
      const doc = own ? await documents.create(status, caller.via === 'DELEGATE' ? [caller.role!] : []) : fixtures[status];
      const context: CallContext = { doc, caller, cast, memo, callbackUrl, unique };
      const reply = await send(routeCase, context);
      sent.cells += 1;
      const where = `${routeCase.name} | ${status} | ${caller.label}`;
      const wrong = disagreement(reply, expected);
      if (wrong) problems.push(`${where}: ${wrong}`);
      if (!wrong && reply.status < 300) routeCase.remember?.(memo, reply.body);
      if (expected.code === '4.47' || (expected.code === '4.1' && (caller.role === null || status === 'CANCELLED'))) {
        const twin = await send(routeCase, { ...context, doc: missingTwin(doc), memo: { ...memo } });
        sent.twins += 1;
        for (const difference of differences(reply, twin)) problems.push(`${where}: hidden and missing differ: ${difference}`);
      }
    }
  };
  for (const status of STATUSES) await inPool(sampledCallers(cast.callers), group.oneCallerAtATime ? 1 : CALLERS_AT_ONCE, runCaller(status));
  return problems.sort();
}

describe('every route that takes a document or attachment id is in the matrix', () => {
  it('classifies every route file, and covers every method of those that take an id', () => {
    const files = routeFileTemplates(REPO_ROOT);
    expect(
      files.filter((template) => !(template in ROUTES)),
      'route files not classified in access-matrix/routes.ts',
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((template) => !files.includes(template)),
      'classified routes without a file',
    ).toEqual([]);
    for (const [template, entry] of Object.entries(ROUTES)) {
      if (entry.scope !== 'document' && entry.scope !== 'attachment') continue;
      for (const method of entry.methods) {
        expect(
          ALL_CASES.some((routeCase) => routeCase.template === template && routeCase.method === method),
          `${method} ${template} has no case`,
        ).toBe(true);
      }
    }
    for (const routeCase of ALL_CASES) {
      const entry = ROUTES[routeCase.template];
      expect(entry && 'methods' in entry && entry.methods.includes(routeCase.method), `${routeCase.name} names a route method not in the table`).toBe(true);
    }
  });

  it('the server offers on each of them exactly the methods the table lists (405 with Allow for another)', async () => {
    for (const [template, entry] of Object.entries(ROUTES)) {
      if (entry.scope === 'none') continue;
      const other = METHODS.find((method) => !entry.methods.includes(method))!;
      const path = `/api${template.replace(/\{[^}]+\}/g, () => crypto.randomUUID())}`;
      const reply = await api.request(other, path, { bearer: cast.outsider.token, json: other === 'GET' || other === 'DELETE' ? undefined : {} });
      expect(reply.status, `${other} ${template}: ${reply.text}`).toBe(405);
      const allowed = (reply.headers.get('allow') ?? '').split(',').map((method) => method.trim());
      expect(allowed.filter((method) => method !== 'OPTIONS' && method !== 'HEAD').sort(), template).toEqual([...entry.methods].sort());
    }
  });
});

describe('the list holds exactly the documents the caller holds a role in', () => {
  it('for every role, its delegate, and the outsider; cancelled ones for nobody', async () => {
    const problems: string[] = [];
    for (const caller of cast.callers) {
      const reply = await api.get('/api/freightdocuments?limit=100', { bearer: caller.person.token });
      sent.cells += 1;
      expect(reply.status, reply.text).toBe(200);
      const listed = new Set((reply.body.freightDocuments as { freightDocumentId: string }[]).map((document) => document.freightDocumentId));
      for (const status of STATUSES) {
        const visible = caller.role !== null && status !== 'CANCELLED';
        if (listed.has(fixtures[status].id) !== visible) problems.push(`${caller.label} ${visible ? 'misses' : 'sees'} the ${status} document`);
      }
      if (caller.role === null && reply.body.total !== 0) problems.push(`the outsider's list counts ${reply.body.total} documents`);
    }
    expect(problems).toEqual([]);
  });
});

describe('role × delegate × outsider × route × status', () => {
  for (const group of CASE_GROUPS) {
    it(
      group.cases.map((routeCase) => routeCase.name).join(' · '),
      async () => {
        expect(await runGroup(group)).toEqual([]);
      },
      600_000,
    );
  }
});

describe('an outsider learns nothing', () => {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('every representation of a foreign document, under every spelling of its path, answers as a missing one', async () => {
    const problems: string[] = [];
    // Contract §1: the same endpoints under /v1/api, a trailing slash tolerated.
    const spellings = [
      (id: string) => `/api/freightdocuments/${id}`,
      (id: string) => `/v1/api/freightdocuments/${id}`,
      (id: string) => `/api/freightdocuments/${id}/`,
    ];
    for (const accept of ['application/json', '*/*', 'application/pdf', 'application/vnd.freightdocument.v1+pgp-signature', 'text/csv']) {
      for (const [index, spelling] of spellings.entries()) {
        for (const status of STATUSES) {
          const ask = (id: string) => api.get(spelling(id), { bearer: cast.outsider.token, headers: { Accept: accept } });
          const [foreign, missing] = [await ask(fixtures[status].id), await ask(crypto.randomUUID())];
          sent.twins += 2;
          for (const difference of differences(foreign, missing)) problems.push(`${accept} ${spelling('{id}')} ${status}: ${difference}`);
          if (accept === 'application/json' && status !== 'CANCELLED') {
            // The same spelling reaches the document for its holders: the paths are real ones.
            const holder = await api.get(spelling(fixtures[status].id), { bearer: cast.delegates.CONSIGNEE.token });
            if (holder.status !== 200) problems.push(`${spelling('{id}')} ${status}: a delegate of the consignee got ${summary(holder)} (spelling ${index})`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('an attachment of a document the caller cannot see answers as a missing one, also through a document it holds', async () => {
    // A document the outsider submitted: the carrier of the fixtures holds no role in it.
    const foreign = await documents.createFor(cast.outsider);
    const carrier = cast.holders.CARRIER.token;
    const own = fixtures.ISSUED.id;
    const pairs: [string, string, Expected][] = [
      [`/api/attachment/${foreign.attachmentId}`, `/api/attachment/${crypto.randomUUID()}`, { status: 404, code: '4.1' }],
      [`/api/attachment/${foreign.attachmentId}/content`, `/api/attachment/${crypto.randomUUID()}/content`, { status: 404, code: '4.1' }],
      [
        `/api/freightdocuments/${own}/attachments/${foreign.attachmentId}`,
        `/api/freightdocuments/${own}/attachments/${crypto.randomUUID()}`,
        { status: 404, code: '4.4' },
      ],
    ];
    for (const [foreignPath, missingPath, expected] of pairs) {
      const [seen, missing] = [await api.get(foreignPath, { bearer: carrier }), await api.get(missingPath, { bearer: carrier })];
      sent.twins += 2;
      expect(disagreement(seen, expected), foreignPath).toBeUndefined();
      expect(differences(seen, missing), foreignPath).toEqual([]);
    }
  });

  it("another account's own records (account-wide delegations and subscriptions) answer as missing ones", async () => {
    const carrier = cast.holders.CARRIER;
    const delegation = await api.post('/api/accounts/users/me/delegates', {
      bearer: carrier.token,
      json: { role: 'CARRIER', accountNumberOfDelegatee: cast.spare.accountNumber },
    });
    expect(delegation.status, delegation.text).toBe(201);
    const subscription = await api.post('/api/accounts/users/me/subscriptions', { bearer: carrier.token, json: { callbackUrl: callbackUrl() } });
    expect(subscription.status, subscription.text).toBe(201);
    const base = `/api/accounts/users/me/subscriptions/${subscription.body.subscriptionId}`;
    const test = await api.post(`${base}/test`, { bearer: carrier.token });
    expect(test.status, test.text).toBe(202);
    const attempts: [string, string, Expected, number][] = [
      ['DELETE', `/api/accounts/users/me/delegates/${delegation.body.delegateId}`, { status: 409, code: '4.42' }, 204],
      ['GET', `${base}/deliveries`, { status: 404, code: '4.1' }, 200],
      ['POST', `${base}/test`, { status: 404, code: '4.1' }, 202],
      ['POST', `${base}/deliveries/${test.body.deliveryId}/redeliver`, { status: 404, code: '4.1' }, 202],
      ['DELETE', base, { status: 404, code: '4.1' }, 204],
    ];
    for (const [method, path, expected, ownersAnswer] of attempts) {
      const foreign = await api.request(method, path, { bearer: cast.outsider.token });
      const missing = await api.request(
        method,
        path.replace(/[0-9a-f-]{36}/g, () => crypto.randomUUID()),
        { bearer: cast.outsider.token },
      );
      sent.twins += 2;
      expect(disagreement(foreign, expected), `${method} ${path}`).toBeUndefined();
      expect(differences(foreign, missing), `${method} ${path}`).toEqual([]);
      // The owner's own answer: the ids were real, and nothing the outsider sent changed them.
      const owner = await api.request(method, path, { bearer: carrier.token });
      expect(owner.status, `${method} ${path} by its owner: ${owner.text}`).toBe(ownersAnswer);
    }
  });

  it('a delegate whose delegations were all revoked is an outsider again', async () => {
    // The spare received a delegation from every caller of the matrix and an account-wide one above; all revoked.
    const list = await api.get('/api/freightdocuments?limit=100', { bearer: cast.spare.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.total).toBe(0);
    for (const status of STATUSES) {
      const ask = (id: string) => api.get(`/api/freightdocuments/${id}`, { bearer: cast.spare.token });
      const [former, missing] = [await ask(fixtures[status].id), await ask(crypto.randomUUID())];
      sent.twins += 2;
      expect(disagreement(former, { status: 404, code: '4.47' }), status).toBeUndefined();
      expect(differences(former, missing), status).toEqual([]);
    }
  });

  it('a foreign id costs the same order of time as a missing one (medians of interleaved tries)', async () => {
    const doc = fixtures.ISSUED;
    const probes: [string, string, (id: string) => Promise<Reply>][] = [
      ['GET document', doc.id, (id) => api.get(`/api/freightdocuments/${id}`, { bearer: cast.outsider.token })],
      [
        'PATCH estimated times',
        doc.id,
        (id) =>
          api.request('PATCH', `/api/freightdocuments/${id}/estimatedtimes`, {
            bearer: cast.outsider.token,
            json: { estimatedDateTimeOfDelivery: doc.asRead.estimatedDateTimeOfDelivery, previousCommits: doc.heads },
          }),
      ],
      ['GET attachment', doc.attachments.unsealed, (id) => api.get(`/api/attachment/${id}`, { bearer: cast.outsider.token })],
    ];
    const rounds = 25;
    for (const [name, realId, probe] of probes) {
      const times = { foreign: [] as number[], missing: [] as number[] };
      const timed = async (kind: 'foreign' | 'missing') => {
        const started = performance.now();
        const reply = await probe(kind === 'foreign' ? realId : crypto.randomUUID());
        times[kind].push(performance.now() - started);
        return reply;
      };
      for (let round = 0; round < rounds; round += 1) {
        // Alternating which goes first, so that a warm cache or a busy moment does not favour one kind.
        const order: ('foreign' | 'missing')[] = round % 2 === 0 ? ['foreign', 'missing'] : ['missing', 'foreign'];
        for (const kind of order) expect((await timed(kind)).status).toBe(404);
      }
      sent.twins += 2 * rounds;
      const [foreign, missing] = [median(times.foreign), median(times.missing)];
      console.log(`${name}: median ${foreign.toFixed(1)} ms for a foreign id, ${missing.toFixed(1)} ms for a missing one`);
      // The same order of magnitude; a few milliseconds of slack so that two fast answers never fail on noise.
      expect(Math.max(foreign, missing), name).toBeLessThanOrEqual(10 * Math.min(foreign, missing) + 5);
    }
  });
});

describe('found by the matrix', () => {
  it('deleting a subscription while its delivery completes answers 204, never a deadlock (PostgreSQL)', async () => {
    const carrier = cast.holders.CARRIER.token;
    const collection = `/api/freightdocuments/${fixtures.ISSUED.id}/subscriptions`;
    const failures: string[] = [];
    await inPool(
      Array.from({ length: 40 }, (_, index) => index),
      4,
      async (index) => {
        const created = await api.post(collection, { bearer: carrier, json: { callbackUrl: callbackUrl() } });
        if (created.status !== 201) return void failures.push(`subscribe: ${created.text}`);
        const base = `${collection}/${created.body.subscriptionId}`;
        const test = await api.post(`${base}/test`, { bearer: carrier });
        if (test.status !== 202) return void failures.push(`test: ${test.text}`);
        // Just as the worker records the answer of the receiver, which answers at once.
        await new Promise((resolve) => setTimeout(resolve, index % 10));
        const deleted = await api.request('DELETE', base, { bearer: carrier });
        if (deleted.status !== 204) failures.push(`delete ${index}: ${summary(deleted)}`);
      },
    );
    expect(failures).toEqual([]);
  });
});
