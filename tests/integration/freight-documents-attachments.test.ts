/**
 * Contract §10: attachments added to a draft, read back as JSON, as bytes and as base64, sealed content kept
 * from roles without VIEW_SEALED_ATTACHMENT, and the 10 MB limit counting what the document already holds.
 *
 * @blobs every: runs again against the S3 blob store (integration-s3, issue 37).
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedDriver, type Client } from './driver';
import { createDocument, expectErrors, expectResetContent, getDocument, PDF_BYTES, PNG_BYTES, validBody } from './documents-support';

const api = sharedDriver();
let client: Client;
let submitterToken: string;
let carrierToken: string;
let consigneeToken: string;
let documentId: string;
let sealedId: string;
let openId: string;

beforeAll(async () => {
  client = await api.createClient({ name: 'Attachment tests' });
  const [submitter, carrier, consignee] = [await api.createActiveAccount(client), await api.createActiveAccount(client), await api.createActiveAccount(client)];
  submitterToken = (await api.login(client, submitter)).access_token;
  carrierToken = (await api.login(client, carrier)).access_token;
  consigneeToken = (await api.login(client, consignee)).access_token;
  documentId = await createDocument(
    api,
    submitterToken,
    validBody({
      carrier: { name: 'Trucks', submittedAccountNumber: carrier.accountNumber },
      consignee: { name: 'Consignee', submittedAccountNumber: consignee.accountNumber },
      attachments: [
        { type: 'GOODS', name: 'Packing list', originalFileName: 'packing.pdf', mimeType: 'text/plain', content: PDF_BYTES.toString('base64'), sealed: 'true' },
        { type: 'GENERAL', originalFileName: 'photo.png', content: PNG_BYTES.toString('base64') },
      ],
    }),
  );
  const document = await getDocument(api, submitterToken, documentId);
  sealedId = document.attachments.find((a: { originalFileName: string }) => a.originalFileName === 'packing.pdf').attachmentId;
  openId = document.attachments.find((a: { originalFileName: string }) => a.originalFileName === 'photo.png').attachmentId;
});

describe('reading attachments', () => {
  it('lists attachments in the document with id, size and the sniffed type, without content', async () => {
    const document = await getDocument(api, carrierToken, documentId);
    const sealed = document.attachments.find((a: { attachmentId: string }) => a.attachmentId === sealedId);
    expect(sealed).toEqual({
      attachmentId: sealedId,
      type: 'GOODS',
      name: 'Packing list',
      originalFileName: 'packing.pdf',
      mimeType: 'application/pdf',
      sealed: true,
      size: PDF_BYTES.length,
    });
    expect(sealed).not.toHaveProperty('content');
  });

  it('GET /attachment/{id} gives the JSON with base64 content; /content the bytes; ?encodeBase64=true base64 text', async () => {
    const json = await api.get(`/api/attachment/${openId}`, { bearer: carrierToken });
    expect(json.status).toBe(200);
    expect(Buffer.from(json.body.content, 'base64').equals(PNG_BYTES)).toBe(true);

    const response = await fetch(`${api.target.baseUrl}/api/attachment/${openId}/content`, { headers: { Authorization: `Bearer ${carrierToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG_BYTES)).toBe(true);

    const encoded = await api.get(`/api/attachment/${openId}/content?encodeBase64=true`, { bearer: carrierToken });
    expect(encoded.status).toBe(200);
    expect(encoded.text).toBe(PNG_BYTES.toString('base64'));
  });

  it('through the document: GET /freightdocuments/{id}/attachments/{attachmentId}; 4.4 for another document', async () => {
    const reply = await api.get(`/api/freightdocuments/${documentId}/attachments/${openId}`, { bearer: submitterToken });
    expect(reply.status).toBe(200);
    expect(reply.body.attachmentId).toBe(openId);
    const other = await createDocument(api, submitterToken);
    expectErrors(await api.get(`/api/freightdocuments/${other}/attachments/${openId}`, { bearer: submitterToken }), 404, [{ code: '4.4' }]);
  });

  it('1.4: sealed content needs VIEW_SEALED_ATTACHMENT (the consignee has it, the carrier does not)', async () => {
    expectErrors(await api.get(`/api/attachment/${sealedId}/content`, { bearer: carrierToken }), 403, [{ code: '1.4' }]);
    expectErrors(await api.get(`/api/attachment/${sealedId}`, { bearer: carrierToken }), 403, [{ code: '1.4' }]);
    const response = await fetch(`${api.target.baseUrl}/api/attachment/${sealedId}/content`, { headers: { Authorization: `Bearer ${consigneeToken}` } });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
  });

  it('4.1: an attachment of a document the caller cannot see is answered like a missing one', async () => {
    const stranger = await api.createActiveAccount(client);
    const token = (await api.login(client, stranger)).access_token;
    const hidden = await api.get(`/api/attachment/${openId}`, { bearer: token });
    const missing = await api.get(`/api/attachment/${crypto.randomUUID()}`, { bearer: token });
    expectErrors(hidden, 404, [{ code: '4.1' }]);
    expect(hidden.body).toEqual(missing.body);
  });
});

describe('adding attachments', () => {
  const add = (id: string, body: unknown, token = submitterToken) => api.post(`/api/freightdocuments/${id}/attachments`, { bearer: token, json: body });

  it('the submitter adds one to a draft: 201 with its id', async () => {
    const id = await createDocument(api, submitterToken);
    const reply = await add(id, { type: 'GENERAL', originalFileName: 'extra.pdf', content: PDF_BYTES.toString('base64'), sealed: false });
    expect(reply.status, reply.text).toBe(201);
    const document = await getDocument(api, submitterToken, id);
    expect(document.attachments.map((a: { attachmentId: string }) => a.attachmentId)).toEqual([reply.body.attachmentId]);
  });

  it('3.8, 3.18, 4.36, 4.44 on the single attachment', async () => {
    const id = await createDocument(api, submitterToken);
    expectErrors(await add(id, { type: 'GENERAL', originalFileName: 'a.txt', content: Buffer.from('plain text').toString('base64') }), 400, [
      { code: '3.8', field: 'mimeType' },
    ]);
    expectErrors(await add(id, { type: 'GENERAL', originalFileName: 'a.pdf', content: '' }), 400, [{ code: '3.18', field: 'content' }]);
    expectErrors(await add(id, { type: 'LETTER', originalFileName: 'a.pdf', content: PDF_BYTES.toString('base64') }), 400, [{ code: '4.36', field: 'type' }]);
    expectErrors(await add(id, { type: 'COMMENT', originalFileName: 'a.pdf', content: PDF_BYTES.toString('base64') }), 400, [{ code: '4.44', field: 'type' }]);
  });

  it('3.34: counts what the document already holds', async () => {
    const six = Buffer.concat([PDF_BYTES, Buffer.alloc(6 * 1024 * 1024, 0x20)]).toString('base64');
    const id = await createDocument(api, submitterToken, validBody({ attachments: [{ type: 'GOODS', originalFileName: 'a.pdf', content: six }] }));
    expectErrors(await add(id, { type: 'GOODS', originalFileName: 'b.pdf', content: six }), 400, [{ code: '3.34', field: 'content' }]);
  });

  it('1.4 for other role holders; 4.5 once issued', async () => {
    expectErrors(await add(documentId, { type: 'GENERAL', originalFileName: 'a.pdf', content: PDF_BYTES.toString('base64') }, carrierToken), 403, [
      { code: '1.4' },
    ]);
    const id = await createDocument(api, submitterToken);
    await api.post(`/api/freightdocuments/${id}/issue`, { bearer: submitterToken });
    expectErrors(await add(id, { type: 'GENERAL', originalFileName: 'a.pdf', content: PDF_BYTES.toString('base64') }), 409, [{ code: '4.5' }]);
  });

  it('PUT keeps attachments named by attachmentId and drops the others', async () => {
    const id = await createDocument(
      api,
      submitterToken,
      validBody({
        attachments: [
          { type: 'GOODS', originalFileName: 'keep.pdf', content: PDF_BYTES.toString('base64') },
          { type: 'GOODS', originalFileName: 'drop.pdf', content: PDF_BYTES.toString('base64') },
        ],
      }),
    );
    const document = await getDocument(api, submitterToken, id);
    const keep = document.attachments.find((a: { originalFileName: string }) => a.originalFileName === 'keep.pdf');
    const reply = await api.put(`/api/freightdocuments/${id}`, { bearer: submitterToken, json: { ...document, attachments: [keep] } });
    expectResetContent(reply);
    expect((await getDocument(api, submitterToken, id)).attachments.map((a: { attachmentId: string }) => a.attachmentId)).toEqual([keep.attachmentId]);
  });
});
