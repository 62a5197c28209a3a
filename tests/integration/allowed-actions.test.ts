/**
 * Contract §5 `allowedActions`: what each caller may do now, computed by the one access resolver from the
 * roles it holds and the document's state; the portal shows its buttons from this list only.
 */
import { beforeAll, expect, it } from 'vitest';
import { sharedDriver, type Account, type Client } from './driver';
import { createDocument, getDocument, validBody } from './documents-support';

const api = sharedDriver();
let client: Client;
let submitter: Account;
let carrier: Account;
let consignee: Account;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  client = await api.createClient({ name: 'allowedActions tests' });
  [submitter, carrier, consignee] = [await api.createActiveAccount(client), await api.createActiveAccount(client), await api.createActiveAccount(client)];
  for (const [name, account] of Object.entries({ submitter, carrier, consignee })) tokens[name] = (await api.login(client, account)).access_token;
});

const body = () =>
  validBody({
    goods: undefined,
    structuredGoods: [{ name: 'Apples', numberOfPackages: 12, weight: 480, weightUnit: 'KILOGRAM' }],
    carrier: { name: 'Fast Trucks', countryCode: 'NLD', submittedAccountNumber: carrier.accountNumber },
    consignee: { name: 'Beta Foods', countryCode: 'DEU', submittedAccountNumber: consignee.accountNumber },
  });

it('a draft: the submitter may change, issue and cancel it; the other roles may follow it', async () => {
  const id = await createDocument(api, tokens.submitter!, body());
  expect((await getDocument(api, tokens.submitter!, id)).allowedActions).toEqual([
    'UPDATE',
    'ISSUE',
    'CANCEL',
    'ADD_ATTACHMENT',
    'EDIT_ESTIMATED_TIMES',
    'DELEGATE',
    'SUBSCRIBE',
  ]);
  expect((await getDocument(api, tokens.carrier!, id)).allowedActions).toEqual(['EDIT_ESTIMATED_TIMES', 'DELEGATE', 'SUBSCRIBE']);
  expect((await getDocument(api, tokens.consignee!, id)).allowedActions).toEqual(['DELEGATE', 'SUBSCRIBE']);
});

it('issued: nothing is left to change for the submitter; the carrier may correct quantities', async () => {
  const id = await createDocument(api, tokens.submitter!, body());
  const issued = await api.post(`/api/freightdocuments/${id}/issue`, { bearer: tokens.submitter });
  expect(issued.status).toBe(200);
  // The issuing call answers with the same envelope as a read.
  // Contract §14: the submitter may still replace the note by a paper one.
  expect(issued.body.allowedActions).toEqual(['EDIT_ESTIMATED_TIMES', 'DELEGATE', 'SUBSCRIBE', 'REPLACE_BY_PAPER']);
  expect((await getDocument(api, tokens.carrier!, id)).allowedActions).toEqual([
    'EDIT_ESTIMATED_TIMES',
    'CORRECT_STRUCTURED_GOODS',
    'APPROVE_COLLECTION',
    'RECORD_COUNTERPARTY_APPROVAL',
    'UPDATE_STATUS',
    'COMMENT',
    'EDIT_LICENSE_PLATES',
    'DELEGATE',
    'SUBSCRIBE',
    // Contract §14: reservations at the taking over, replacement by paper.
    'RESERVE',
    'REPLACE_BY_PAPER',
  ]);
  // The consignee is no party of the collection: it approves the delivery, once the cargo is in transit.
  expect((await getDocument(api, tokens.consignee!, id)).allowedActions).toEqual(['DELEGATE', 'SUBSCRIBE']);
  const heads = (await getDocument(api, tokens.carrier!, id)).previousCommits;
  const transit = await api.post(`/api/freightdocuments/${id}/updates`, {
    bearer: tokens.carrier,
    json: { newFreightDocumentStatus: 'TRANSIT', previousCommits: heads },
  });
  expect(transit.status, transit.text).toBe(201);
  // …and may write reservations of the delivery (contract §14).
  expect((await getDocument(api, tokens.consignee!, id)).allowedActions).toEqual(['APPROVE_DELIVERY', 'DELEGATE', 'SUBSCRIBE', 'RESERVE']);
});

it('lists carry the same envelope as single reads', async () => {
  const id = await createDocument(api, tokens.submitter!, body());
  const listed = await api.get(`/api/freightdocuments?limit=100`, { bearer: tokens.carrier });
  const entry = listed.body.freightDocuments.find((document: { freightDocumentId: string }) => document.freightDocumentId === id);
  const single = await getDocument(api, tokens.carrier!, id);
  expect(entry.allowedActions).toEqual(single.allowedActions);
  expect(entry.ownPermissions).toEqual(single.ownPermissions);
});
