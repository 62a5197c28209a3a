/**
 * Delegation over the REST API (issue 10, spec §1, contract §11): every endpoint with each of its codes (status,
 * code, field), chains of both kinds and their revocation, the delegate's rights, and the delegatee's e-mail.
 * A delegate approving a transfer needs the transfer endpoints (another branch) and is added with them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrors, validBody } from './documents-support';
import { sharedDriver, type Account, type Client } from './driver';

const api = sharedDriver();
let client: Client;
const people: Record<'submitter' | 'carrier' | 'fleet' | 'subcontractor' | 'driver' | 'outsider', Account & { token: string }> = {} as never;
type Who = keyof typeof people;
let documentId: string;
let otherDocumentId: string;

const delegate = (from: Who, to: Who, id = documentId, extra: Record<string, unknown> = {}) =>
  api.post(`/api/freightdocuments/${id}/delegate`, {
    bearer: people[from].token,
    json: { role: 'CARRIER', accountNumberOfDelegatee: people[to].accountNumber, ...extra },
  });
const delegateAccountWide = (from: Who, to: Who, role = 'CARRIER') =>
  api.post('/api/accounts/users/me/delegates', { bearer: people[from].token, json: { role, emailAddressOfDelegatee: people[to].email } });
const revoke = (who: Who, delegateId: string, id = documentId) =>
  api.request('DELETE', `/api/freightdocuments/${id}/delegates/${delegateId}`, { bearer: people[who].token });
const revokeAccountWide = (who: Who, delegateId: string) =>
  api.request('DELETE', `/api/accounts/users/me/delegates/${delegateId}`, { bearer: people[who].token });
/** Whether `who` can read the document, and finds it in its list: the two must agree. */
const sees = async (who: Who, id: string) => {
  const read = await api.get(`/api/freightdocuments/${id}`, { bearer: people[who].token });
  const list = await api.get('/api/freightdocuments?limit=100', { bearer: people[who].token });
  const listed = (list.body.freightDocuments as { freightDocumentId: string }[]).some((document) => document.freightDocumentId === id);
  expect(listed).toBe(read.status === 200);
  if (read.status !== 200) expectErrors(read, 404, [{ code: '4.47' }]);
  return read.status === 200;
};
const created = (reply: { status: number; text: string; body: any; headers: Headers }) => {
  expect(reply.status, reply.text).toBe(201);
  expect(reply.body).toEqual({ delegateId: expect.any(String) });
  return reply.body.delegateId as string;
};

beforeAll(async () => {
  client = await api.createClient({ name: 'Delegation tests' });
  for (const who of ['submitter', 'carrier', 'fleet', 'subcontractor', 'driver', 'outsider'] as Who[]) {
    const account = await api.createActiveAccount(client, { name: `The ${who}` });
    people[who] = { ...account, token: (await api.login(client, account)).access_token };
  }
  const body = validBody({ carrier: { name: 'Fast Trucks', submittedAccountNumber: people.carrier.accountNumber } });
  for (const target of ['documentId', 'otherDocumentId'] as const) {
    const reply = await api.post('/api/freightdocuments', { bearer: people.submitter.token, json: body });
    expect(reply.status).toBe(201);
    if (target === 'documentId') documentId = reply.body.freightDocumentId;
    else otherDocumentId = reply.body.freightDocumentId;
  }
});

describe('POST /freightdocuments/{id}/delegate and DELETE …/delegates/{delegateId}', () => {
  it('a chain: the delegate holds every right of the role and delegates further; revoking the first link ends it all; the delegatee is e-mailed', async () => {
    const reply = await delegate('carrier', 'fleet');
    const toFleet = created(reply);
    expect(reply.headers.get('location')).toBe(`/api/freightdocuments/${documentId}/delegates/${toFleet}`);
    const mails = await api.mailsTo(people.fleet.email, 2);
    expect(mails[1]!.subject).toMatch(/^Freight document \d{12}: you act as carrier$/);
    expect(mails[1]!.text).toContain('The carrier delegated the role of carrier to you');

    const asFleet = await api.get(`/api/freightdocuments/${documentId}`, { bearer: people.fleet.token });
    expect(asFleet.body.ownPermissions).toEqual([{ role: 'CARRIER', roleId: asFleet.body.carrier.roleId, permissions: ['VIEW', 'DELEGATE'] }]);
    expect(asFleet.body.allowedActions).toEqual(expect.arrayContaining(['DELEGATE', 'EDIT_ESTIMATED_TIMES', 'SUBSCRIBE']));

    const toSubcontractor = created(
      await api.post(`/api/freightdocuments/${documentId}/delegate`, {
        bearer: people.fleet.token,
        json: { role: 'CARRIER', emailAddressOfDelegatee: people.subcontractor.email.toUpperCase() },
      }),
    );
    expect(await sees('subcontractor', documentId)).toBe(true);
    expect(await sees('subcontractor', otherDocumentId)).toBe(false);
    const asCarrier = await api.get(`/api/freightdocuments/${documentId}`, { bearer: people.carrier.token });
    expect(asCarrier.body.ownDelegates).toEqual([
      { delegateId: toFleet, role: 'CARRIER', roleId: asCarrier.body.carrier.roleId, delegateAccountId: people.fleet.accountId },
    ]);
    expect((await api.get(`/api/freightdocuments/${documentId}`, { bearer: people.fleet.token })).body.ownDelegates).toEqual([
      expect.objectContaining({ delegateId: toSubcontractor }),
    ]);

    // Only the grantor revokes its own delegation (4.42 alike for another's, an unknown id and a second time).
    expectErrors(await revoke('fleet', toFleet), 409, [{ code: '4.42' }]);
    expectErrors(await revoke('carrier', toSubcontractor), 409, [{ code: '4.42' }]);
    expectErrors(await revoke('carrier', 'no-such-delegation'), 409, [{ code: '4.42' }]);
    expectErrors(await revoke('carrier', toFleet, otherDocumentId), 409, [{ code: '4.42' }]);
    expectErrors(await revoke('outsider', toFleet), 404, [{ code: '4.47' }]);
    const revoked = await revoke('carrier', toFleet);
    expect(revoked.status, revoked.text).toBe(204);
    expect(revoked.text).toBe('');
    expect(await sees('fleet', documentId)).toBe(false);
    expect(await sees('subcontractor', documentId)).toBe(false);
    expect(await sees('carrier', documentId)).toBe(true);
    expectErrors(await revoke('carrier', toFleet), 409, [{ code: '4.42' }]);
  });

  it('a delegate of the submitter can do what the submitter can, and the commit names it', async () => {
    const draft = (await api.post('/api/freightdocuments', { bearer: people.submitter.token, json: validBody() })).body.freightDocumentId as string;
    const delegateId = created(
      await api.post(`/api/freightdocuments/${draft}/delegate`, {
        bearer: people.submitter.token,
        json: { role: 'SUBMITTER', accountNumberOfDelegatee: people.driver.accountNumber },
      }),
    );
    const issued = await api.post(`/api/freightdocuments/${draft}/issue`, { bearer: people.driver.token });
    expect(issued.status, issued.text).toBe(200);
    expect(issued.body.status).toBe('ISSUED');
    expect(issued.body.updates.at(-1).account.accountId).toBe(people.driver.accountId);
    expect((await revoke('submitter', delegateId, draft)).status).toBe(204);
  });

  it('answers every code with its status and field', async () => {
    const path = `/api/freightdocuments/${documentId}/delegate`;
    const as = people.carrier.token;
    expectErrors(await api.post(path, { bearer: as, json: {} }), 400, [
      { code: '3.1', field: 'role' },
      { code: '3.1', field: 'emailAddressOfDelegatee' },
    ]);
    expectErrors(await api.post(path, { bearer: as, json: { role: 'CAPTAIN', emailAddressOfDelegatee: 'not-an-email' } }), 400, [
      { code: '3.9', field: 'role' },
      { code: '3.4', field: 'emailAddressOfDelegatee' },
    ]);
    expectErrors(
      await api.post(path, {
        bearer: as,
        json: { role: 'CARRIER', emailAddressOfDelegatee: people.fleet.email, accountNumberOfDelegatee: people.fleet.accountNumber },
      }),
      400,
      [{ code: '3.16', field: 'accountNumberOfDelegatee' }],
    );
    expectErrors(await api.post(path, { bearer: as, json: { role: 'CARRIER', accountNumberOfDelegatee: true } }), 400, [
      { code: '3.17', field: 'accountNumberOfDelegatee' },
    ]);
    // Tolerant reading: "" is absent.
    expectErrors(await api.post(path, { bearer: as, json: { role: 'CARRIER', emailAddressOfDelegatee: '', accountNumberOfDelegatee: '' } }), 400, [
      { code: '3.1', field: 'emailAddressOfDelegatee' },
    ]);
    expectErrors(await api.post(path, { bearer: as, json: { role: 'CARRIER', accountNumberOfDelegatee: '99999999' } }), 400, [
      { code: '4.40', field: 'accountNumberOfDelegatee' },
    ]);
    expectErrors(await api.post(path, { bearer: as, json: { role: 'CARRIER', emailAddressOfDelegatee: 'nobody@example.test' } }), 400, [
      { code: '4.40', field: 'emailAddressOfDelegatee' },
    ]);
    // The submitter holds no CARRIER role here: it lacks the DELEGATE right for it.
    expectErrors(await delegate('submitter', 'fleet'), 403, [{ code: '1.4' }]);
    expectErrors(await delegate('outsider', 'fleet'), 404, [{ code: '4.47' }]);
    expectErrors(await delegate('carrier', 'fleet', 'no-such-document'), 404, [{ code: '4.47' }]);
    expectErrors(await delegate('carrier', 'carrier'), 400, [{ code: '3.36' }]);
    const delegateId = created(await delegate('carrier', 'driver'));
    expectErrors(await delegate('carrier', 'driver'), 400, [{ code: '3.36' }]);
    expect((await revoke('carrier', delegateId)).status).toBe(204);
    expectErrors(await api.post(path, { json: { role: 'CARRIER', accountNumberOfDelegatee: people.fleet.accountNumber } }), 401, [{ code: '1.8' }]);
    expectErrors(await api.post(path, { bearer: as, body: 'role=CARRIER', headers: { 'Content-Type': 'text/plain' } }), 415, [
      { code: '2.6', field: 'Content-Type' },
    ]);
    expectErrors(await api.post(path, { bearer: as, body: '{', headers: { 'Content-Type': 'application/json' } }), 400, [{ code: '2.4' }]);
    expectErrors(await api.post(path, { bearer: as }), 400, [{ code: '2.7' }]);
    expectErrors(await api.get(path, { bearer: as }), 405, [{ code: '2.5' }]);
  });
});

describe('/accounts/users/me/delegates', () => {
  it('delegates a role for every document, lists, refuses with 4.7, 3.38, 3.37, 4.42, and revoking ends the chain', async () => {
    const reply = await delegateAccountWide('carrier', 'fleet');
    const toFleet = created(reply);
    expect(reply.headers.get('location')).toBe(`/api/accounts/users/me/delegates/${toFleet}`);
    const mails = await api.mailsTo(people.fleet.email, 3);
    expect(mails[2]!.subject).toBe('You act as carrier for The carrier');

    expectErrors(await delegateAccountWide('carrier', 'fleet'), 400, [{ code: '3.38' }]);
    expectErrors(await delegateAccountWide('carrier', 'carrier'), 409, [{ code: '4.7' }]);
    expectErrors(await delegate('carrier', 'fleet'), 400, [{ code: '3.38' }]);
    expectErrors(
      await api.post('/api/accounts/users/me/delegates', { bearer: people.carrier.token, json: { role: 'CARRIER', accountNumberOfDelegatee: '1' } }),
      400,
      [{ code: '4.40', field: 'accountNumberOfDelegatee' }],
    );
    expectErrors(
      await api.post('/api/accounts/users/me/delegates', { bearer: people.carrier.token, json: { emailAddressOfDelegatee: people.fleet.email } }),
      400,
      [{ code: '3.1', field: 'role' }],
    );

    const listed = await api.get('/api/accounts/users/me/delegates', { bearer: people.carrier.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      delegates: [
        {
          delegateId: toFleet,
          role: 'CARRIER',
          roleId: null,
          freightDocumentId: null,
          delegateAccountId: people.fleet.accountId,
          delegateAccountNumber: people.fleet.accountNumber,
          delegateName: 'The fleet',
          grantorAccountId: people.carrier.accountId,
          createdAt: expect.stringMatching(/Z$/),
        },
      ],
    });
    expect((await api.get('/api/accounts/users/me/delegates', { bearer: people.fleet.token })).body).toEqual({ delegates: [] });

    // Every document of the role, present and future; further by account and by document.
    for (const id of [documentId, otherDocumentId]) expect(await sees('fleet', id)).toBe(true);
    const toDriver = created(await delegateAccountWide('fleet', 'driver'));
    const toSubcontractor = created(await delegate('fleet', 'subcontractor', otherDocumentId));
    const future = (
      await api.post('/api/freightdocuments', {
        bearer: people.submitter.token,
        json: validBody({ carrier: { name: 'Fast Trucks', submittedAccountNumber: people.carrier.accountNumber } }),
      })
    ).body.freightDocumentId as string;
    for (const id of [documentId, otherDocumentId, future]) expect(await sees('driver', id)).toBe(true);
    expect(await sees('subcontractor', otherDocumentId)).toBe(true);

    // It shows on each document without a roleId and is removed on the account, not on one document.
    const asCarrier = await api.get(`/api/freightdocuments/${future}`, { bearer: people.carrier.token });
    expect(asCarrier.body.ownDelegates).toEqual([{ delegateId: toFleet, role: 'CARRIER', roleId: null, delegateAccountId: people.fleet.accountId }]);
    expectErrors(await revoke('carrier', toFleet, future), 400, [{ code: '3.37' }]);
    expectErrors(await revokeAccountWide('fleet', toFleet), 409, [{ code: '4.42' }]);
    expectErrors(await revokeAccountWide('fleet', toSubcontractor), 409, [{ code: '4.42' }]);
    expectErrors(await revokeAccountWide('carrier', 'no-such-delegation'), 409, [{ code: '4.42' }]);

    const revoked = await revokeAccountWide('carrier', toFleet);
    expect(revoked.status, revoked.text).toBe(204);
    for (const id of [documentId, otherDocumentId, future]) {
      for (const who of ['fleet', 'driver', 'subcontractor'] as Who[]) expect(await sees(who, id), `${who} on ${id}`).toBe(false);
      expect(await sees('carrier', id)).toBe(true);
    }
    expectErrors(await revokeAccountWide('carrier', toFleet), 409, [{ code: '4.42' }]);
    expect((await api.get('/api/accounts/users/me/delegates', { bearer: people.carrier.token })).body).toEqual({ delegates: [] });
    expect((await revokeAccountWide('fleet', toDriver)).status).toBe(204);
  });
});
