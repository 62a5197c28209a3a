/**
 * Spec §3–4, contract §4–6: replace, issue, cancel, estimated times and structured goods corrections, with
 * the rules on roles, states, rights and the commit chain; what role holders see and are told.
 */
import crypto from 'node:crypto';
import canonicalize from 'canonicalize';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedDriver, uniqueEmail, type Account, type Client } from './driver';
import { createDocument, expectErrors, expectResetContent, getDocument, validBody } from './documents-support';

const api = sharedDriver();
let client: Client;
let submitter: Account;
let carrier: Account;
let stranger: Account;
let submitterToken: string;
let carrierToken: string;
let strangerToken: string;

beforeAll(async () => {
  client = await api.createClient({ name: 'Document lifecycle tests' });
  [submitter, carrier, stranger] = [await api.createActiveAccount(client), await api.createActiveAccount(client), await api.createActiveAccount(client)];
  submitterToken = (await api.login(client, submitter)).access_token;
  carrierToken = (await api.login(client, carrier)).access_token;
  strangerToken = (await api.login(client, stranger)).access_token;
});

const withCarrier = (overrides: Record<string, unknown> = {}) =>
  validBody({ carrier: { name: 'Fast Trucks', countryCode: 'NLD', submittedAccountNumber: carrier.accountNumber }, ...overrides });

const put = (id: string, body: unknown, token = submitterToken) => api.put(`/api/freightdocuments/${id}`, { bearer: token, json: body });
const issue = (id: string, token = submitterToken) => api.post(`/api/freightdocuments/${id}/issue`, { bearer: token });
const cancel = (id: string, token = submitterToken) => api.post(`/api/freightdocuments/${id}/cancel`, { bearer: token });
const patch = (id: string, what: string, body: unknown, token = submitterToken) =>
  api.request('PATCH', `/api/freightdocuments/${id}/${what}`, { bearer: token, json: body });

describe('creation and reading', () => {
  it('answers 201 with the id and a Location, and the document reads back with roles and permissions', async () => {
    const reply = await api.post('/api/freightdocuments', { bearer: submitterToken, json: withCarrier({ references: [{ name: 'PO', value: '42' }] }) });
    expect(reply.status).toBe(201);
    const id = reply.body.freightDocumentId;
    expect(reply.headers.get('location')).toBe(`/api/freightdocuments/${id}`);

    const document = await getDocument(api, submitterToken, id);
    expect(document).toMatchObject({
      freightDocumentId: id,
      type: 'WAYBILL',
      status: 'DRAFT',
      submitterAccountId: submitter.accountId,
      submitterName: submitter.name,
      consignor: { name: 'Acme Shipping', buildingNumber: '12', countryCode: 'NLD' },
      carrier: { name: 'Fast Trucks', accountId: carrier.accountId, submittedAccountNumber: carrier.accountNumber },
      goods: '12 pallets of apples',
      establishedDate: '2026-11-21',
      estimatedDateTimeOfTakingOver: '2026-12-01T08:00:00Z',
      references: [{ name: 'PO', value: '42' }],
    });
    expect(document.serviceNumber).toMatch(/^\d{12}$/);
    expect(document.lastModifiedDateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(document.consignor.roleId).toEqual(expect.any(String));
    expect(document.ownPermissions).toEqual([
      { role: 'SUBMITTER', roleId: expect.any(String), permissions: ['UPDATE', 'VIEW', 'DELEGATE', 'VIEW_SEALED_ATTACHMENT'] },
    ]);

    const asCarrier = await getDocument(api, carrierToken, id);
    expect(asCarrier.ownPermissions).toEqual([{ role: 'CARRIER', roleId: document.carrier.roleId, permissions: ['VIEW', 'DELEGATE'] }]);
  });

  it('4.47: a caller without a role sees the document exactly like a missing one', async () => {
    const id = await createDocument(api, submitterToken);
    const hidden = await api.get(`/api/freightdocuments/${id}`, { bearer: strangerToken });
    const missing = await api.get(`/api/freightdocuments/${crypto.randomUUID()}`, { bearer: strangerToken });
    expectErrors(hidden, 404, [{ code: '4.47' }]);
    expect(hidden.body).toEqual(missing.body);
    expectErrors(await put(id, validBody(), strangerToken), 404, [{ code: '4.47' }]);
    expectErrors(await issue(id, strangerToken), 404, [{ code: '4.47' }]);
  });

  it('notifies every role holder once, and invites people without an account', async () => {
    const invitee = uniqueEmail('invitee');
    await createDocument(
      api,
      submitterToken,
      withCarrier({
        consignee: { name: 'Beta', submittedAccountEmailAddress: invitee },
        consignor: { name: 'Me too', submittedAccountNumber: carrier.accountNumber },
      }),
    );
    const [invitation] = await api.mailsTo(invitee);
    expect(invitation!.subject).toMatch(/consignee/);
    expect(invitation!.text).toMatch(/\/signup\?email=/);
    const carrierMails = await api.mailsTo(carrier.email, 2);
    const mail = carrierMails.find((candidate) => /consignor, carrier|carrier, consignor/.test(candidate.subject ?? ''));
    expect(mail, carrierMails.map((m) => m.subject).join(' / ')).toBeDefined();
  });

  it('a person named by e-mail takes up the role once they register', async () => {
    const email = uniqueEmail('later');
    const id = await createDocument(api, submitterToken, validBody({ consignee: { name: 'Later', submittedAccountEmailAddress: email } }));
    // Their first mail is the invitation; the activation mail follows the sign-up.
    const { reply, input } = await api.signUp(client, { email });
    expect(reply.status).toBe(201);
    const mails = await api.mailsTo(email, 2);
    const link = mails.map((mail) => /\/api\/accounts\/activation\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')).find(Boolean);
    expect((await api.activate(link![1]!)).status).toBe(301);
    const person = { ...input, ...reply.body };
    const token = (await api.login(client, person)).access_token;
    const document = await getDocument(api, token, id);
    expect(document.ownPermissions.map((entry: { role: string }) => entry.role)).toEqual(['CONSIGNEE']);
    expect(document.consignee.accountId).toBe(person.accountId);
  });
});

describe('PUT (full replacement while DRAFT)', () => {
  it('replaces the content, keeps roleIds and productIds, and switches goods kinds', async () => {
    const id = await createDocument(api, submitterToken, withCarrier({ goods: undefined, structuredGoods: [{ name: 'Pallet', numberOfPackages: 2 }] }));
    const before = await getDocument(api, submitterToken, id);
    const body = {
      ...before,
      consignee: { ...before.consignee, name: 'Beta Foods GmbH' },
      structuredGoods: [...before.structuredGoods, { name: 'Crate', numberOfPackages: 1 }],
    };
    const reply = await put(id, body);
    // Contract §4: 205 Reset Content without a body; the client reads the document again.
    expectResetContent(reply);
    const after = await getDocument(api, submitterToken, id);
    expect(after.consignee).toMatchObject({ name: 'Beta Foods GmbH', roleId: before.consignee.roleId });
    expect(after.structuredGoods[0].productId).toBe(before.structuredGoods[0].productId);
    expect(after.structuredGoods).toHaveLength(2);
    expect(after.updates.map((update: { changeType: string }) => update.changeType)).toEqual(['CREATE', 'UPDATE']);

    const { structuredGoods: _sg, ...rest } = after;
    const switched = await put(id, { ...rest, goods: 'Now free text' });
    expectResetContent(switched);
    const switchedDocument = await getDocument(api, submitterToken, id);
    expect(switchedDocument.goods).toBe('Now free text');
    expect(switchedDocument.structuredGoods).toEqual([]);
  });

  it('treats missing sub-entities as empty (references are removed)', async () => {
    const id = await createDocument(api, submitterToken, validBody({ references: [{ name: 'PO', value: '1' }] }));
    const { references: _references, ...rest } = await getDocument(api, submitterToken, id);
    const reply = await put(id, rest);
    expectResetContent(reply);
    expect((await getDocument(api, submitterToken, id)).references).toEqual([]);
  });

  it('4.8: a role reference cannot change', async () => {
    const id = await createDocument(api, submitterToken, withCarrier());
    const document = await getDocument(api, submitterToken, id);
    expectErrors(await put(id, { ...document, carrier: { ...document.carrier, roleId: crypto.randomUUID() } }), 409, [
      { code: '4.8', field: 'carrier.roleId' },
    ]);
    expectErrors(await put(id, { ...document, carrier: { ...document.carrier, submittedAccountNumber: submitter.accountNumber } }), 409, [
      { code: '4.8', field: 'carrier' },
    ]);
  });

  it('4.33: a role cannot be removed; roles can be added while DRAFT', async () => {
    const id = await createDocument(api, submitterToken, withCarrier());
    const document = await getDocument(api, submitterToken, id);
    const { carrier: _carrier, ...withoutCarrier } = document;
    expectErrors(await put(id, withoutCarrier), 409, [{ code: '4.33', field: 'carrier' }]);
    const added = await put(id, { ...document, placeOfDelivery: { name: 'Warehouse', countryCode: 'DEU' }, subsequentCarriers: [{ name: 'Second leg' }] });
    expectResetContent(added);
    const withAdded = await getDocument(api, submitterToken, id);
    expect(withAdded.placeOfDelivery.roleId).toEqual(expect.any(String));
    expect(withAdded.subsequentCarriers).toHaveLength(1);
  });

  it('3.44: the country of the place of taking over is immutable', async () => {
    const id = await createDocument(api, submitterToken);
    const document = await getDocument(api, submitterToken, id);
    expectErrors(await put(id, { ...document, placeOfTakingOver: { ...document.placeOfTakingOver, countryCode: 'BEL' } }), 400, [
      { code: '3.44', field: 'placeOfTakingOver.countryCode' },
    ]);
  });

  it('1.4: only the submitter replaces; 4.5: only while DRAFT', async () => {
    const id = await createDocument(api, submitterToken, withCarrier());
    const document = await getDocument(api, submitterToken, id);
    expectErrors(await put(id, document, carrierToken), 403, [{ code: '1.4' }]);
    expect((await issue(id)).status).toBe(200);
    expectErrors(await put(id, document), 409, [{ code: '4.5' }]);
  });

  it('validates the body like a creation (3.41)', async () => {
    const id = await createDocument(api, submitterToken);
    const { goods: _goods, ...document } = await getDocument(api, submitterToken, id);
    expectErrors(await put(id, document), 400, [{ code: '3.41', field: 'goods' }]);
  });
});

describe('issue and cancel', () => {
  it('moves DRAFT to ISSUED once; a second issue is 4.18', async () => {
    const id = await createDocument(api, submitterToken);
    const reply = await issue(id);
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('ISSUED');
    expect(reply.body.updates.at(-1)).toMatchObject({ changeType: 'ISSUE', newFreightDocumentStatus: 'ISSUED' });
    expectErrors(await issue(id), 409, [{ code: '4.18' }]);
  });

  it('creates straight to ISSUED when asked (free in the partner environment)', async () => {
    const id = await createDocument(api, submitterToken, validBody({ status: 'ISSUED' }));
    expect((await getDocument(api, submitterToken, id)).status).toBe('ISSUED');
  });

  it('1.4: a role holder who is not the submitter cannot issue or cancel', async () => {
    const id = await createDocument(api, submitterToken, withCarrier());
    expectErrors(await issue(id, carrierToken), 403, [{ code: '1.4' }]);
    expectErrors(await cancel(id, carrierToken), 403, [{ code: '1.4' }]);
  });

  it('cancels a DRAFT, which then answers 4.47 to everyone', async () => {
    const id = await createDocument(api, submitterToken, withCarrier());
    const reply = await cancel(id);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ freightDocumentId: id, status: 'CANCELLED' });
    expectErrors(await api.get(`/api/freightdocuments/${id}`, { bearer: submitterToken }), 404, [{ code: '4.47' }]);
    expectErrors(await api.get(`/api/freightdocuments/${id}`, { bearer: carrierToken }), 404, [{ code: '4.47' }]);
  });

  it('4.5: only a DRAFT can be cancelled', async () => {
    const id = await createDocument(api, submitterToken);
    await issue(id);
    expectErrors(await cancel(id), 409, [{ code: '4.5' }]);
  });
});

describe('changes after issue and the commit chain', () => {
  it('estimated times: 4.45 empty commits, 4.13 foreign commits, 3.15 order, then success', async () => {
    const id = await createDocument(api, submitterToken, withCarrier());
    const issued = (await issue(id)).body;
    const heads: string[] = issued.previousCommits;
    expectErrors(await patch(id, 'estimatedtimes', { estimatedDateTimeOfDelivery: '2026-12-03T10:00:00Z', previousCommits: [] }), 409, [
      { code: '4.45', field: 'previousCommits' },
    ]);
    expectErrors(await patch(id, 'estimatedtimes', { estimatedDateTimeOfDelivery: '2026-12-03T10:00:00Z', previousCommits: ['f'.repeat(64)] }), 409, [
      { code: '4.13', field: 'previousCommits' },
    ]);
    expectErrors(await patch(id, 'estimatedtimes', { estimatedDateTimeOfDelivery: '2026-11-30T10:00:00Z', previousCommits: heads }), 400, [
      { code: '3.15', field: 'estimatedDateTimeOfTakingOver' },
    ]);
    const moved = await patch(id, 'estimatedtimes', { estimatedDateTimeOfDelivery: '2026-12-03T10:00:00Z', previousCommits: heads }, carrierToken);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.estimatedDateTimeOfDelivery).toBe('2026-12-03T10:00:00Z');
  });

  it('estimated times: consignees may not move them (1.4)', async () => {
    const consignee = await api.createActiveAccount(client);
    const token = (await api.login(client, consignee)).access_token;
    const id = await createDocument(api, submitterToken, validBody({ consignee: { name: 'C', submittedAccountNumber: consignee.accountNumber } }));
    const heads = (await getDocument(api, token, id)).previousCommits;
    expectErrors(await patch(id, 'estimatedtimes', { estimatedDateTimeOfDelivery: '2026-12-03T10:00:00Z', previousCommits: heads }, token), 403, [
      { code: '1.4' },
    ]);
  });

  it('structured goods: the carrier corrects quantities after issue; 4.46 for unknown lines; 4.18 while DRAFT', async () => {
    const id = await createDocument(
      api,
      submitterToken,
      withCarrier({ goods: undefined, structuredGoods: [{ name: 'Pallet', numberOfPackages: 2, weight: 100, weightUnit: 'KILOGRAM' }] }),
    );
    const draft = await getDocument(api, carrierToken, id);
    const productId = draft.structuredGoods[0].productId;
    expectErrors(
      await patch(id, 'structuredgoods', { structuredGoods: [{ productId, weight: 90 }], previousCommits: draft.previousCommits }, carrierToken),
      409,
      [{ code: '4.18' }],
    );

    const issued = (await issue(id)).body;
    const unknownLines = await patch(
      id,
      'structuredgoods',
      { structuredGoods: [{ productId: productId + 1000, weight: 1 }, { weight: 2 }], previousCommits: issued.previousCommits },
      carrierToken,
    );
    expectErrors(unknownLines, 409, [
      { code: '4.46', field: 'structuredGoods[0].productId' },
      { code: '4.46', field: 'structuredGoods[1].productId' },
    ]);
    expect(unknownLines.body.errors.map((error: { description: string }) => error.description)).toEqual([
      expect.stringMatching(new RegExp(`^No structured goods line of this document has productId ${productId + 1000}: `)),
      expect.stringMatching(/^No productId was given: /),
    ]);
    const corrected = await patch(
      id,
      'structuredgoods',
      { structuredGoods: [{ productId, weight: 90 }], previousCommits: issued.previousCommits },
      carrierToken,
    );
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.body.structuredGoods[0]).toMatchObject({ productId, weight: 90, numberOfPackages: 2 });
    expect(corrected.body.structuredGoodsHeader).toMatchObject({ commitId: corrected.body.updates.at(-1).commitId, previousCommits: issued.previousCommits });
  });

  it('4.46: a document with free-text goods has no lines to correct', async () => {
    const id = await createDocument(api, submitterToken, withCarrier());
    const issued = (await issue(id)).body;
    expectErrors(
      await patch(id, 'structuredgoods', { structuredGoods: [{ productId: 1, weight: 2 }], previousCommits: issued.previousCommits }, carrierToken),
      409,
      [{ code: '4.46', field: 'structuredGoods[0].productId' }],
    );
  });

  it('every commit id is the SHA-256 of the canonical update; an older head leaves two heads', async () => {
    const id = await createDocument(api, submitterToken, withCarrier());
    const issued = (await issue(id)).body;
    const first = await patch(id, 'estimatedtimes', { estimatedDateTimeOfDelivery: '2026-12-04T10:00:00Z', previousCommits: issued.previousCommits });
    // Offline client: it still names the ISSUE commit, not the estimated-times one.
    const second = await patch(
      id,
      'estimatedtimes',
      { estimatedDateTimeOfDelivery: '2026-12-05T10:00:00Z', previousCommits: issued.previousCommits },
      carrierToken,
    );
    expect(second.status, second.text).toBe(200);
    expect([...second.body.previousCommits].sort()).toEqual([first.body.updates.at(-1).commitId, second.body.updates.at(-1).commitId].sort());

    for (const update of second.body.updates) {
      const fields = {
        freightDocumentId: id,
        changeType: update.changeType,
        accountId: update.account.accountId,
        newFreightDocumentStatus: update.newFreightDocumentStatus,
        previousCommits: [...update.previousCommits].sort(),
        createDateTimeClient: update.createDateTimeClient,
        createDateTimeServer: update.createDateTimeServer,
        contentHash: update.contentHash,
      };
      expect(crypto.createHash('sha256').update(canonicalize(fields)!).digest('hex')).toBe(update.commitId);
    }
    const merged = await patch(id, 'estimatedtimes', { estimatedDateTimeOfDelivery: '2026-12-06T10:00:00Z', previousCommits: second.body.previousCommits });
    expect(merged.body.previousCommits).toEqual([merged.body.updates.at(-1).commitId]);
  });
});
