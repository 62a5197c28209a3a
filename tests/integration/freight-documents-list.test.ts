/**
 * Spec §4 rule 3 and contract §4 (list): what a caller sees, the page envelope, and every error code of
 * filters, sort and pagination. Filtering and sorting semantics are checked against a model by the
 * property test in tests/services.
 *
 * @backends every: the list is SQL (filters, sort, totals), answered by each database itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedDriver, type Client } from './driver';
import { createDocument, expectErrors, validBody } from './documents-support';

const api = sharedDriver();
let client: Client;
let token: string;
let carrierToken: string;
const ids: string[] = [];

beforeAll(async () => {
  client = await api.createClient({ name: 'List tests' });
  const [owner, carrier] = [await api.createActiveAccount(client), await api.createActiveAccount(client)];
  token = (await api.login(client, owner)).access_token;
  carrierToken = (await api.login(client, carrier)).access_token;
  for (let i = 0; i < 5; i += 1) {
    ids.push(
      await createDocument(
        api,
        token,
        validBody({ establishedPlace: `Place ${i}`, carrier: i < 2 ? { name: 'T', submittedAccountNumber: carrier.accountNumber } : undefined }),
      ),
    );
  }
  await api.post(`/api/freightdocuments/${ids[0]}/issue`, { bearer: token });
  await api.post(`/api/freightdocuments/${ids[4]}/cancel`, { bearer: token });
});

const list = (query: string, bearer = token) => api.get(`/api/freightdocuments${query}`, { bearer });

describe('listing', () => {
  it('returns the caller’s documents, newest change first, without cancelled ones, in a page envelope', async () => {
    const reply = await list('');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ first: 1, limit: 10, total: 4 });
    expect(reply.body.freightDocuments.map((doc: { freightDocumentId: string }) => doc.freightDocumentId)).toEqual([ids[0], ids[3], ids[2], ids[1]]);
    const summary = reply.body.freightDocuments[0];
    for (const left of ['attachments', 'approvals', 'comments', 'updates']) expect(summary).not.toHaveProperty(left);
  });

  it('a role holder sees only the documents naming them, with their own permissions', async () => {
    const reply = await list('?sort=serviceNumber.asc', carrierToken);
    expect(reply.body).toMatchObject({ total: 2, totalRelation: 'eq' });
    expect(reply.body.freightDocuments.map((doc: { freightDocumentId: string }) => doc.freightDocumentId)).toEqual([ids[0], ids[1]]);
    expect(reply.body.freightDocuments[0].ownPermissions).toEqual([expect.objectContaining({ role: 'CARRIER' })]);
  });

  it('filters, sorts and pages (first is 1-based)', async () => {
    const issued = await list('?filters=status.eq.ISSUED');
    expect(issued.body.freightDocuments.map((doc: { freightDocumentId: string }) => doc.freightDocumentId)).toEqual([ids[0]]);
    const page = await list('?sort=establishedPlace.desc&limit=2&first=2');
    expect(page.body).toMatchObject({ first: 2, limit: 2, total: 4 });
    expect(page.body.freightDocuments.map((doc: { establishedPlace: string }) => doc.establishedPlace)).toEqual(['Place 2', 'Place 1']);
    const combined = await list('?filters=establishedPlace.ge.Place%201,establishedPlace.lt.Place%203&sort=establishedPlace.asc');
    expect(combined.body.freightDocuments.map((doc: { establishedPlace: string }) => doc.establishedPlace)).toEqual(['Place 1', 'Place 2']);
  });

  it('3.19–3.25, 3.30, 3.31: every problem of the query at once', async () => {
    expectErrors(await list('?filters=status'), 400, [{ code: '3.19', field: 'filters' }]);
    expectErrors(await list('?filters=status.like.X'), 400, [{ code: '3.20', field: 'filters' }]);
    expectErrors(await list('?filters=consignor.eq.X'), 400, [{ code: '3.21', field: 'filters' }]);
    expectErrors(await list('?sort=status'), 400, [{ code: '3.22', field: 'sort' }]);
    expectErrors(await list('?sort=goods.asc'), 400, [{ code: '3.23', field: 'sort' }]);
    expectErrors(await list('?sort=status.up'), 400, [{ code: '3.24', field: 'sort' }]);
    expectErrors(await list('?search=apples'), 400, [{ code: '3.25', field: 'search' }]);
    expectErrors(await list('?first=0'), 400, [{ code: '3.30', field: 'first' }]);
    expectErrors(await list('?first=abc'), 400, [{ code: '3.30', field: 'first' }]);
    expectErrors(await list('?limit=101'), 400, [{ code: '3.31', field: 'limit' }]);
    expectErrors(await list('?limit=0'), 400, [{ code: '3.31', field: 'limit' }]);
    expectErrors(await list('?filters=lastModifiedDateTime.gt.yesterday'), 400, [{ code: '3.19', field: 'filters' }]);
    expectErrors(await list('?filters=foo.eq.1&sort=bar.asc&limit=500'), 400, [
      { code: '3.21', field: 'filters' },
      { code: '3.23', field: 'sort' },
      { code: '3.31', field: 'limit' },
    ]);
  });
});
