/**
 * Issue 8, contract §1 and §4: a client system written for the commercial service serialises every field,
 * the unset ones as `""`, sends agreedDateOfTakingOver as a date and a reimbursement amount of 0 without a
 * currency; it sends documents back as it read them, attachments by id with empty content, and waits for 205.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { asEveryFieldClientSendsBack, everyFieldAttachment, everyFieldBody, everyFieldRole } from '../support/every-field-client';
import { sharedDriver, type Client } from './driver';
import { expectErrors, expectResetContent, getDocument, PDF_BYTES, PNG_BYTES } from './documents-support';

const api = sharedDriver();
let client: Client;
let token: string;

beforeAll(async () => {
  client = await api.createClient({ name: 'Commercial-service client' });
  token = (await api.login(client, await api.createActiveAccount(client))).access_token;
});

const create = (body: unknown) => api.post('/api/freightdocuments', { bearer: token, json: body });
const put = (id: string, body: unknown) => api.put(`/api/freightdocuments/${id}`, { bearer: token, json: body });

/** What a PUT may change besides the content: the modification time, the heads and the history. */
function withoutBookkeeping(document: Record<string, unknown>) {
  const { lastModifiedDateTime: _time, previousCommits: _heads, updates: _updates, ...rest } = document;
  return rest;
}

describe('creation with every field sent', () => {
  it('201: "" is omission everywhere, an all-"" party is no party, amount 0 needs no currency, the date is a date', async () => {
    const reply = await create(everyFieldBody({ attachments: [everyFieldAttachment(PDF_BYTES, 'delivery-note.pdf', 'GOODS')] }));
    expect(reply.status, reply.text).toBe(201);
    expect(reply.headers.get('location')).toBe(`/api/freightdocuments/${reply.body.freightDocumentId}`);

    const document = await getDocument(api, token, reply.body.freightDocumentId);
    expect(document).toMatchObject({
      status: 'DRAFT',
      carrier: null,
      placeOfDelivery: null,
      subsequentCarriers: [],
      agreedDateOfTakingOver: '2026-12-01',
      agreedDateTimeOfTakingOver: '2026-12-01T00:00:00Z',
      estimatedDateTimeOfTakingOver: null,
      establishedPlace: null,
      reimbursementAmount: 0,
      goods: '12 pallets of apples',
    });
    expect(document).not.toHaveProperty('reimbursementCurrency');
    expect(document.transFollowNumber).toBe(document.serviceNumber);
    expect(document.consignor).toEqual({
      name: 'Acme Shipping',
      streetName: 'Kade',
      buildingNumber: '12',
      cityName: 'Rotterdam',
      countryCode: 'NLD',
      roleId: expect.any(String),
      accountId: null,
    });
    expect(document.attachments).toEqual([expect.objectContaining({ type: 'GOODS', name: 'delivery-note.pdf', sealed: false, mimeType: 'application/pdf' })]);
  });

  it('"" for a required field is 3.1, with every other problem of the body', async () => {
    expectErrors(await create(everyFieldBody({ type: '', consignee: everyFieldRole(), goods: '', reimbursementAmount: 5 })), 400, [
      { code: '3.1', field: 'type' },
      { code: '3.1', field: 'consignee' },
      { code: '3.41', field: 'goods' },
      { code: '3.32', field: 'reimbursementCurrency' },
    ]);
  });
});

describe('PUT of a document read back with GET', () => {
  it('205 without a body; only what changed changes, attachments sent back by id are kept', async () => {
    const created = await create(
      everyFieldBody({ carrier: everyFieldRole({ name: 'Truck BV', countryCode: 'NLD' }), attachments: [everyFieldAttachment(PDF_BYTES, 'cmr.pdf')] }),
    );
    expect(created.status, created.text).toBe(201);
    const id = created.body.freightDocumentId;
    const before = await getDocument(api, token, id);

    const body = asEveryFieldClientSendsBack(before);
    body.specialAgreements = 'Keep cool';
    const reply = await put(id, body);
    expectResetContent(reply);

    const after = await getDocument(api, token, id);
    expect(withoutBookkeeping(after)).toEqual({ ...withoutBookkeeping(before), specialAgreements: 'Keep cool' });
    expect(after.attachments.map((attachment: { attachmentId: string }) => attachment.attachmentId)).toEqual([before.attachments[0].attachmentId]);
    expect(after.updates.map((update: { changeType: string }) => update.changeType)).toEqual(['CREATE', 'UPDATE']);
  });

  it('a client that knows only agreedDateOfTakingOver keeps the agreed time by sending the same date back', async () => {
    const created = await create(everyFieldBody({ agreedDateOfTakingOver: '', agreedDateTimeOfTakingOver: '2026-12-01T14:45:00Z' }));
    const id = created.body.freightDocumentId;
    const { agreedDateTimeOfTakingOver: _known, ...before } = await getDocument(api, token, id);
    expect(before.agreedDateOfTakingOver).toBe('2026-12-01');

    expectResetContent(await put(id, asEveryFieldClientSendsBack(before)));
    expect((await getDocument(api, token, id)).agreedDateTimeOfTakingOver).toBe('2026-12-01T14:45:00Z');

    expectResetContent(await put(id, { ...asEveryFieldClientSendsBack(before), agreedDateOfTakingOver: '2026-12-05' }));
    expect(await getDocument(api, token, id)).toMatchObject({ agreedDateOfTakingOver: '2026-12-05', agreedDateTimeOfTakingOver: '2026-12-05T00:00:00Z' });
  });

  it('an attachment sent back with its id and its unchanged content keeps its id; other content replaces it (contract §4)', async () => {
    const created = await create(
      everyFieldBody({ attachments: [everyFieldAttachment(PDF_BYTES, 'cmr.pdf'), everyFieldAttachment(PDF_BYTES, 'photo.pdf', 'GOODS')] }),
    );
    expect(created.status, created.text).toBe(201);
    const id = created.body.freightDocumentId;
    const before = await getDocument(api, token, id);
    const [cmr, photo] = before.attachments as { attachmentId: string; originalFileName: string }[];

    const body = asEveryFieldClientSendsBack(before);
    body.attachments = [
      { ...(body.attachments as object[])[0], content: PDF_BYTES.toString('base64') },
      { ...(body.attachments as object[])[1], content: PNG_BYTES.toString('base64') },
    ];
    expectResetContent(await put(id, body));

    const after = await getDocument(api, token, id);
    const ids = after.attachments.map((attachment: { attachmentId: string }) => attachment.attachmentId);
    expect(ids).toHaveLength(2);
    expect(ids).toContain(cmr!.attachmentId);
    expect(ids).not.toContain(photo!.attachmentId);
    const replaced = after.attachments.find((attachment: { attachmentId: string }) => attachment.attachmentId !== cmr!.attachmentId);
    expect(replaced).toMatchObject({ originalFileName: photo!.originalFileName, mimeType: 'image/png', size: PNG_BYTES.length });
  });

  it('an id that is no attachment of the document, sent without content, is 4.4', async () => {
    const created = await create(everyFieldBody());
    const id = created.body.freightDocumentId;
    const body = asEveryFieldClientSendsBack(await getDocument(api, token, id));
    body.attachments = [{ ...everyFieldAttachment(PDF_BYTES, 'x.pdf'), attachmentId: 'not-an-attachment', content: '' }];
    expectErrors(await put(id, body), 404, [{ code: '4.4', field: 'attachments' }]);
  });
});
