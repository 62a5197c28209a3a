/**
 * Issue 37 over HTTP: a 10 MB attachment streams into the blob store and back out with its length, its digest as
 * ETag and byte ranges; a file whose blob was changed behind the service's back is answered 5.0, and the document's
 * verification page names the broken history.
 *
 * @blobs every: runs again against the S3 blob store (integration-s3, issue 37).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { blobAccess, sha256Hex, uniquePdf } from '../support/blob-access';
import { sharedDriver, type Client } from './driver';
import { createDocument, validBody } from './documents-support';

const api = sharedDriver();
let client: Client;
let token: string;

beforeAll(async () => {
  client = await api.createClient({ name: 'Blob tests' });
  token = (await api.login(client, await api.createActiveAccount(client))).access_token;
});

const raw = (urlPath: string, headers: Record<string, string> = {}) =>
  fetch(`${api.target.baseUrl}${urlPath}`, { headers: { Authorization: `Bearer ${token}`, Accept: '*/*', ...headers } });

describe('files in the blob store', () => {
  it('streams a 10 MB attachment in and out, with Content-Length, ETag = digest, 304 and ranges', async () => {
    const file = uniquePdf(10 * 1024 * 1024 - 200);
    expect(file.length).toBeLessThanOrEqual(10 * 1024 * 1024);
    const documentId = await createDocument(api, token, validBody());
    const added = await api.post(`/api/freightdocuments/${documentId}/attachments`, {
      bearer: token,
      json: { type: 'GOODS', originalFileName: 'big.pdf', content: file.toString('base64') },
    });
    expect(added.status, added.text).toBe(201);
    const id = added.body.attachmentId as string;
    const etag = `"${sha256Hex(file)}"`;

    const whole = await raw(`/api/attachment/${id}/content`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(file.length));
    expect(whole.headers.get('etag')).toBe(etag);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);

    const range = await raw(`/api/attachment/${id}/content`, { Range: 'bytes=1000-1999' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 1000-1999/${file.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(file.subarray(1000, 2000))).toBe(true);
    const tail = await raw(`/api/attachment/${id}/content`, { Range: 'bytes=-10', 'If-Range': etag });
    expect(Buffer.from(await tail.arrayBuffer()).equals(file.subarray(file.length - 10))).toBe(true);
    // An If-Range of other bytes gets the whole (current) file; a range past the end is ignored the same way.
    expect((await raw(`/api/attachment/${id}/content`, { Range: 'bytes=0-9', 'If-Range': '"other"' })).status).toBe(200);
    expect((await raw(`/api/attachment/${id}/content`, { Range: `bytes=${file.length}-` })).status).toBe(200);
    expect((await raw(`/api/attachment/${id}/content`, { 'If-None-Match': etag })).status).toBe(304);

    const json = await api.get(`/api/attachment/${id}`, { bearer: token });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ attachmentId: id, size: file.length, mimeType: 'application/pdf' });
    expect(Buffer.from(json.body.content, 'base64').equals(file)).toBe(true);
    const text = await raw(`/api/attachment/${id}/content?encodeBase64=true`);
    expect(await text.text()).toBe(file.toString('base64'));
  });

  it('answers 5.0 for a file whose bytes changed in the store, and the verification page names the broken history', async () => {
    const file = uniquePdf(50_000);
    const documentId = await createDocument(
      api,
      token,
      validBody({ attachments: [{ type: 'GOODS', originalFileName: 'list.pdf', content: file.toString('base64') }] }),
    );
    const issued = await api.post(`/api/freightdocuments/${documentId}/issue`, { bearer: token });
    expect(issued.status, issued.text).toBe(200);
    const document = (await api.get(`/api/freightdocuments/${documentId}`, { bearer: token })).body;
    const attachmentId = document.attachments[0].attachmentId as string;
    const page = () => fetch(document.verificationUrl, { headers: { 'Accept-Language': 'en' } }).then((reply) => reply.text());
    expect(await page()).toContain('Intact');

    await blobAccess(inject('blobStore')).write(sha256Hex(file), Buffer.concat([file, Buffer.from('% changed\n')]));
    const content = await raw(`/api/attachment/${attachmentId}/content`);
    expect(content.status).toBe(500);
    expect((await content.json()).errors.map((error: { code: string }) => error.code)).toEqual(['5.0']);
    expect((await api.get(`/api/attachment/${attachmentId}`, { bearer: token })).status).toBe(500);
    expect(await page()).toContain('An attached file has other bytes than recorded.');
  });
});
