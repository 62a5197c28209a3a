/**
 * Issue 37, contract §12: two instances on one PostgreSQL share their files through the S3 blob store (this tier
 * runs with one, a real S3-protocol server): a file uploaded to one instance is read whole, by range and as JSON from
 * the other, and a 10 MB one streams through either.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { uniquePdf } from '../support/blob-access';
import { validBody } from '../integration/documents-support';
import { Driver, sharedDriver, sharedTarget, type Client } from '../integration/driver';

const balanced = sharedDriver();
const [first, second] = inject('instanceUrls').map((baseUrl) => new Driver({ ...sharedTarget(), baseUrl })) as [Driver, Driver];
let client: Client;
let token: string;

beforeAll(async () => {
  expect(inject('blobStore').kind).toBe('s3');
  client = await balanced.createClient({ name: 'Shared files' });
  token = (await balanced.login(client, await balanced.createActiveAccount(client))).access_token;
});

describe('files on two instances', () => {
  it('an attachment uploaded to one instance is read from the other, whole, by range and as JSON', async () => {
    for (const [writer, reader, size] of [
      [first, second, 300_000],
      [second, first, 10 * 1024 * 1024 - 200],
    ] as const) {
      const file = uniquePdf(size);
      const created = await writer.post('/api/freightdocuments', { bearer: token, json: validBody() });
      expect(created.status, created.text).toBe(201);
      const added = await writer.post(`/api/freightdocuments/${created.body.freightDocumentId}/attachments`, {
        bearer: token,
        json: { type: 'GOODS', originalFileName: 'shared.pdf', content: file.toString('base64') },
      });
      expect(added.status, added.text).toBe(201);
      const url = `${reader.target.baseUrl}/api/attachment/${added.body.attachmentId}/content`;
      const whole = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: '*/*' } });
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);
      const range = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: '*/*', Range: 'bytes=5-14' } });
      expect(Buffer.from(await range.arrayBuffer()).equals(file.subarray(5, 15))).toBe(true);
      const json = await reader.get(`/api/attachment/${added.body.attachmentId}`, { bearer: token });
      expect(Buffer.from(json.body.content, 'base64').equals(file)).toBe(true);
    }
  });
});
