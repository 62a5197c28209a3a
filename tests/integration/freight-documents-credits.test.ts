/**
 * Issuing costs one credit in production (contract §4): this file runs its own server with
 * APP_ENV=production. Concurrency of the debit is covered on PostgreSQL in tests/services.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { Driver, serverTarget, startOwnServer, type Account, type Client } from './driver';
import { createDocument, expectErrors, validBody } from './documents-support';
import { signedInSession } from './portal-session';

let server: RunningServer;
let api: Driver;
let client: Client;
let account: Account;
let token: string;

beforeAll(async () => {
  server = await startOwnServer('credits', { APP_ENV: 'production', APP_SECRET: 'production-test-secret-0123456789abcdef' });
  api = new Driver(serverTarget(server));
  client = await api.createClient({ name: 'Credit tests' });
  account = await api.createActiveAccount(client);
  token = (await api.login(client, account)).access_token;
});

afterAll(async () => {
  await server?.dispose();
});

const credits = async () => (await api.me(token)).body.credits as number;

it('4.41: without credits, neither issue nor creation as ISSUED works, and nothing is created', async () => {
  const id = await createDocument(api, token);
  expectErrors(await api.post(`/api/freightdocuments/${id}/issue`, { bearer: token }), 409, [{ code: '4.41' }]);
  expectErrors(await api.post('/api/freightdocuments', { bearer: token, json: validBody({ status: 'ISSUED' }) }), 409, [{ code: '4.41' }]);
  const listed = await api.get('/api/freightdocuments', { bearer: token });
  expect(listed.body.total).toBe(1);
  expect(listed.body.freightDocuments[0].status).toBe('DRAFT');
});

it('each issue costs exactly one credit', async () => {
  const added = await api.admin(['credits:add', '--account', account.accountNumber, '--amount', '2']);
  expect(added.code, added.stderr).toBe(0);
  expect(await credits()).toBe(2);
  const id = await createDocument(api, token);
  expect((await api.post(`/api/freightdocuments/${id}/issue`, { bearer: token })).status).toBe(200);
  expect(await credits()).toBe(1);
  await createDocument(api, token, validBody({ status: 'ISSUED' }));
  expect(await credits()).toBe(0);
});

it('service numbers are consecutive, 12 digits, and a refused creation does not use one up', async () => {
  const listed = await api.get('/api/freightdocuments?sort=serviceNumber.asc&limit=100', { bearer: token });
  const numbers = listed.body.freightDocuments.map((doc: { serviceNumber: string }) => doc.serviceNumber);
  expect(numbers).toEqual(['000000000001', '000000000002', '000000000003']);
});

it('allowedActions offers ISSUE only when the account can pay for it', async () => {
  const fresh = await api.createActiveAccount(client);
  const freshToken = (await api.login(client, fresh)).access_token;
  const id = await createDocument(api, freshToken);
  const read = async () => (await api.get(`/api/freightdocuments/${id}`, { bearer: freshToken })).body.allowedActions as string[];
  expect(await read()).toEqual(['UPDATE', 'CANCEL', 'ADD_ATTACHMENT', 'EDIT_ESTIMATED_TIMES', 'DELEGATE', 'SUBSCRIBE']);
  expect((await api.admin(['credits:add', '--account', fresh.accountNumber, '--amount', '1'])).code).toBe(0);
  expect(await read()).toContain('ISSUE');
});

it('a delegate of the SUBMITTER role issues with the role rights, charged to the submitter (spec §5)', async () => {
  const submitter = await api.createActiveAccount(client);
  const submitterToken = (await api.login(client, submitter)).access_token;
  const delegate = await api.createActiveAccount(client);
  const delegateToken = (await api.login(client, delegate)).access_token;
  const id = await createDocument(api, submitterToken);
  const delegated = await api.post(`/api/freightdocuments/${id}/delegate`, {
    bearer: submitterToken,
    json: { role: 'SUBMITTER', accountNumberOfDelegatee: delegate.accountNumber },
  });
  expect(delegated.status, delegated.text).toBe(201);
  const delegateSees = async () => (await api.get(`/api/freightdocuments/${id}`, { bearer: delegateToken })).body.allowedActions as string[];
  const listed = async () => (await api.get('/api/freightdocuments', { bearer: delegateToken })).body.freightDocuments[0].allowedActions as string[];

  // The portal's quote for the document: the submitter pays, and the delegate is not shown its balance.
  const portal = await signedInSession(api, delegate.email, delegate.password);
  const quote = async () => (await portal.trpcQuery('documents.issueQuote', { freightDocumentId: id })).body.result.data;

  // The submitter cannot pay: neither can its delegate, whatever the delegate's own balance.
  expect((await api.admin(['credits:add', '--account', delegate.accountNumber, '--amount', '3'])).code).toBe(0);
  expect(await delegateSees()).not.toContain('ISSUE');
  expect(await quote()).toEqual({ billing: 'PRE_PAY', cost: 1, balance: null, canPay: false, paidBy: 'SUBMITTER' });
  expectErrors(await api.post(`/api/freightdocuments/${id}/issue`, { bearer: delegateToken }), 409, [{ code: '4.41' }]);

  expect((await api.admin(['credits:add', '--account', submitter.accountNumber, '--amount', '1'])).code).toBe(0);
  expect(await delegateSees()).toContain('ISSUE');
  expect(await listed()).toContain('ISSUE');
  expect(await quote()).toEqual({ billing: 'PRE_PAY', cost: 1, balance: null, canPay: true, paidBy: 'SUBMITTER' });
  const ownPortal = await signedInSession(api, submitter.email, submitter.password);
  const ownQuote = await ownPortal.trpcQuery('documents.issueQuote', { freightDocumentId: id });
  expect(ownQuote.body.result.data).toEqual({ billing: 'PRE_PAY', cost: 1, balance: 1, canPay: true, paidBy: 'CALLER' });
  const issued = await api.post(`/api/freightdocuments/${id}/issue`, { bearer: delegateToken });
  expect(issued.status, issued.text).toBe(200);
  expect(issued.body.status).toBe('ISSUED');
  expect((await api.me(submitterToken)).body.credits).toBe(0);
  expect((await api.me(delegateToken)).body.credits).toBe(3);
});
