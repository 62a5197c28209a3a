/**
 * Contract §13: Idempotency-Key on REST writes and `idempotencyKey` in tRPC mutations, against the shared server (in
 * the two-instance tier the four concurrent creates alternate between the instances, as a retry behind a load
 * balancer does).
 *
 * @backends every: a repeat waits for the first on a lock, and the keys are shared by the instances.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobsSettled } from '../support/job-table';
import { validBody } from './documents-support';
import { expectError, sharedDriver, type Account, type Client, type Reply } from './driver';
import { signedInSession } from './portal-session';

const api = sharedDriver();
const newKey = () => crypto.randomUUID();

let client: Client;
let account: Account;
let token: string;

beforeAll(async () => {
  client = await api.createClient({ name: 'Idempotency' });
  account = await api.createActiveAccount(client);
  token = (await api.login(client, account)).access_token;
});

async function documentCount(bearer: string): Promise<number> {
  const list = await api.get('/api/freightdocuments?limit=100', { bearer });
  expect(list.status, list.text).toBe(200);
  return list.body.total;
}

const create = (key: string, body: Record<string, unknown> = validBody(), bearer = token) =>
  api.post('/api/freightdocuments', { bearer, json: body, headers: { 'Idempotency-Key': key } });

const replayed = (reply: Reply) => reply.headers.get('idempotency-replayed') === 'true';

describe('Idempotency-Key on REST writes', () => {
  it('four concurrent creates with one key make one document; every one gets its answer, three replayed', async () => {
    const fresh = await api.createActiveAccount(client);
    const bearer = (await api.login(client, fresh)).access_token;
    const key = newKey();
    const replies = await Promise.all(Array.from({ length: 4 }, () => create(key, validBody(), bearer)));
    for (const reply of replies) expect(reply.status, reply.text).toBe(201);
    expect(new Set(replies.map((reply) => reply.body.freightDocumentId)).size).toBe(1);
    expect(new Set(replies.map((reply) => reply.headers.get('location'))).size).toBe(1);
    expect(replies.filter(replayed)).toHaveLength(3);
    expect(await documentCount(bearer)).toBe(1);

    const later = await create(key, validBody(), bearer);
    expect(later.status).toBe(201);
    expect(replayed(later)).toBe(true);
    expect(later.body).toEqual(replies[0]!.body);
    expect(await documentCount(bearer)).toBe(1);
  });

  it('a repeat is compared without secondsSinceCreation, which grows while an offline device retries (issue 21)', async () => {
    const key = newKey();
    const first = await create(key, { ...validBody(), secondsSinceCreation: 60 });
    expect(first.status, first.text).toBe(201);
    const again = await create(key, { ...validBody(), secondsSinceCreation: 75 });
    expect(again.status).toBe(201);
    expect(replayed(again)).toBe(true);
    expect(again.body).toEqual(first.body);
  });

  it('4.50 on Idempotency-Key for the same key with another body or path; other keys and accounts are apart', async () => {
    const key = newKey();
    const first = await create(key, validBody({ goods: 'first' }));
    expect(first.status).toBe(201);
    expectError(await create(key, validBody({ goods: 'second' })), 400, '4.50', 'Idempotency-Key');
    const id = first.body.freightDocumentId;
    expectError(await api.post(`/api/freightdocuments/${id}/issue`, { bearer: token, headers: { 'Idempotency-Key': key } }), 400, '4.50', 'Idempotency-Key');
    expectError(
      await api.put(`/api/freightdocuments/${id}`, { bearer: token, json: validBody({ goods: 'first' }), headers: { 'Idempotency-Key': key } }),
      400,
      '4.50',
      'Idempotency-Key',
    );

    const other = await api.createActiveAccount(client);
    const otherToken = (await api.login(client, other)).access_token;
    const theirs = await create(key, validBody({ goods: 'second' }), otherToken);
    expect(theirs.status, theirs.text).toBe(201);
    expect(replayed(theirs)).toBe(false);
    expect(theirs.body.freightDocumentId).not.toBe(id);
  });

  it('replays a refusal on business rules (category 4) the same way, and a 205 without a body', async () => {
    const key = newKey();
    const refusedType = validBody({ type: 'CMR' });
    const refused = await create(key, refusedType);
    expectError(refused, 400, '4.20', 'type');
    const again = await create(key, refusedType);
    expect(again.status).toBe(400);
    expect(replayed(again)).toBe(true);
    expect(again.body).toEqual(refused.body);

    const id = (await create(newKey())).body.freightDocumentId;
    const putKey = newKey();
    const put = () => api.put(`/api/freightdocuments/${id}`, { bearer: token, json: validBody({ goods: 'replaced' }), headers: { 'Idempotency-Key': putKey } });
    const first = await put();
    expect(first.status, first.text).toBe(205);
    const before = await api.get(`/api/freightdocuments/${id}`, { bearer: token });
    const repeat = await put();
    expect(repeat.status).toBe(205);
    expect(repeat.text).toBe('');
    expect(replayed(repeat)).toBe(true);
    const after = await api.get(`/api/freightdocuments/${id}`, { bearer: token });
    expect(after.body).toEqual(before.body);
  });

  it('a refused request (validation, 3.x) is not kept: the corrected body with the same key is processed, not 4.50', async () => {
    const key = newKey();
    const invalid = validBody({ consignor: undefined });
    expectError(await create(key, invalid), 400, '3.1', 'consignor');
    const again = await create(key, invalid);
    expect(replayed(again)).toBe(false);
    const corrected = await create(key, validBody());
    expect(corrected.status, corrected.text).toBe(201);
    expect(replayed(corrected)).toBe(false);
    expect(replayed(await create(key, validBody()))).toBe(true);
  });

  it('the same on another endpoint, and for transport refusals (415) and a missing body (2.7)', async () => {
    const id = (await create(newKey())).body.freightDocumentId;
    const issued = await api.post(`/api/freightdocuments/${id}/issue`, { bearer: token });
    expect(issued.status, issued.text).toBe(200);
    const key = newKey();
    const patch = (json: unknown) =>
      api.request('PATCH', `/api/freightdocuments/${id}/estimatedtimes`, { bearer: token, json, headers: { 'Idempotency-Key': key } });
    expectError(
      await patch({ estimatedDateTimeOfDelivery: 'tomorrow', previousCommits: issued.body.previousCommits }),
      400,
      '3.17',
      'estimatedDateTimeOfDelivery',
    );
    const wrongType = await api.request('PATCH', `/api/freightdocuments/${id}/estimatedtimes`, {
      bearer: token,
      body: 'x',
      headers: { 'Content-Type': 'text/plain', 'Idempotency-Key': key },
    });
    expect(wrongType.status).toBe(415);
    const moved = await patch({ estimatedDateTimeOfDelivery: '2026-12-03T10:00:00Z', previousCommits: issued.body.previousCommits });
    expect(moved.status, moved.text).toBe(200);
    expect(replayed(moved)).toBe(false);
  });

  it('a sign-up repeated with its key (per client) makes one account and sends one mail', async () => {
    const key = newKey();
    const input = { name: 'Once', email: `once-${key}@example.test`, password: 'correct horse battery', acceptTermsAndConditions: true };
    const signUp = () => api.post('/api/accounts/users', { basic: client, json: input, headers: { 'Idempotency-Key': key } });
    const [first, second] = await Promise.all([signUp(), signUp()]);
    expect(first.status, first.text).toBe(201);
    expect(second.status, second.text).toBe(201);
    expect(second.body).toEqual(first.body);
    expect([first, second].filter(replayed)).toHaveLength(1);
    await api.mailsTo(input.email, 1);
    // No mail job left unfinished: no second mail can still be sent (the shared server's job table, read directly or,
    // on PGlite, through its /api/metrics: tests/integration/global-setup.ts gives it the tests' token).
    await jobsSettled(api.target, ['mail.send']);
    expect(await api.mailsTo(input.email, 1)).toHaveLength(1);
  });

  it('refuses a key that is too long (3.2) or not visible ASCII (3.17); an empty header is no key', async () => {
    expectError(await create('k'.repeat(256)), 400, '3.2', 'Idempotency-Key');
    expectError(await create('two words'), 400, '3.17', 'Idempotency-Key');
    const before = await documentCount(token);
    const [a, b] = [await create(''), await create('')];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.freightDocumentId).not.toBe(b.body.freightDocumentId);
    expect(await documentCount(token)).toBe(before + 2);
  });
});

describe('idempotencyKey in tRPC mutations (the tablet)', () => {
  it('creates one document for repeated mutations with one key, and 4.50 for another input', async () => {
    const person = await api.createActiveAccount(client);
    const session = await signedInSession(api, person.email, person.password);
    const key = newKey();
    const body = validBody({ goods: 'tablet' });
    const replies = await Promise.all([0, 1, 2].map(() => session.trpcMutation('documents.create', { ...body, idempotencyKey: key })));
    for (const reply of replies) expect(reply.status, reply.text).toBe(200);
    const ids = replies.map((reply) => reply.body.result.data.freightDocumentId);
    expect(new Set(ids).size).toBe(1);
    const personToken = (await api.login(client, person)).access_token;
    expect(await documentCount(personToken)).toBe(1);

    const other = await session.trpcMutation('documents.create', { ...body, goods: 'something else', idempotencyKey: key });
    expect(other.status).toBe(400);
    expect(other.body.error.data.errors).toEqual([expect.objectContaining({ code: '4.50', field: 'Idempotency-Key' })]);
    const badKey = await session.trpcMutation('documents.create', { ...body, idempotencyKey: 'has space' });
    expect(badKey.body.error.data.errors).toEqual([expect.objectContaining({ code: '3.17', field: 'idempotencyKey' })]);
  });

  it('a refused validation is not kept: the corrected input with the same key is processed', async () => {
    const person = await api.createActiveAccount(client);
    const session = await signedInSession(api, person.email, person.password);
    const key = newKey();
    const refused = await session.trpcMutation('documents.create', { ...validBody({ consignor: undefined }), idempotencyKey: key });
    expect(refused.body.error.data.errors).toEqual([expect.objectContaining({ code: '3.1', field: 'consignor' })]);
    const corrected = await session.trpcMutation('documents.create', { ...validBody(), idempotencyKey: key });
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.body.result.data.freightDocumentId).toEqual(expect.any(String));
  });
});
