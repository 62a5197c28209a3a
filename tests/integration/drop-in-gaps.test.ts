/**
 * Issue 23, the drop-in gaps of contract §4 that clients of the commercial service hit: `transFollowNumber` in the
 * document and in list entries, and estimated times sent back unchanged (both fields, every time) in TRANSIT.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedDriver, type Client } from './driver';
import { createDocument, expectErrors, getDocument, validBody } from './documents-support';

const api = sharedDriver();
let client: Client;
let submitterToken: string;
let carrierToken: string;
let carrierAccountNumber: string;

beforeAll(async () => {
  client = await api.createClient({ name: 'Drop-in gaps' });
  submitterToken = (await api.login(client, await api.createActiveAccount(client))).access_token;
  const carrier = await api.createActiveAccount(client);
  carrierToken = (await api.login(client, carrier)).access_token;
  carrierAccountNumber = carrier.accountNumber;
});

const withCarrier = () => validBody({ carrier: { name: 'Fast Trucks', countryCode: 'NLD', submittedAccountNumber: carrierAccountNumber } });
const patchTimes = (id: string, json: unknown, bearer = carrierToken) => api.request('PATCH', `/api/freightdocuments/${id}/estimatedtimes`, { bearer, json });

describe('transFollowNumber (contract §4)', () => {
  it('equals serviceNumber in the document and in every list entry', async () => {
    const id = await createDocument(api, submitterToken);
    const document = await getDocument(api, submitterToken, id);
    expect(document.transFollowNumber).toMatch(/^\d{12}$/);
    expect(document.transFollowNumber).toBe(document.serviceNumber);
    const list = await api.get('/api/freightdocuments?limit=100', { bearer: submitterToken });
    expect(list.status, list.text).toBe(200);
    expect(list.body.freightDocuments.length).toBeGreaterThan(0);
    for (const entry of list.body.freightDocuments) expect(entry.transFollowNumber).toBe(entry.serviceNumber);
  });
});

describe('PATCH estimatedtimes with both fields, as clients send them (contract §4)', () => {
  it('the unchanged taking-over time is no change in TRANSIT (not 4.9), nor both in DELIVERED; moved ones still are 4.9 and 4.10', async () => {
    const id = await createDocument(api, submitterToken, withCarrier());
    const issued = await api.post(`/api/freightdocuments/${id}/issue`, { bearer: submitterToken });
    expect(issued.status, issued.text).toBe(200);
    const moved = await api.post(`/api/freightdocuments/${id}/updates`, {
      bearer: carrierToken,
      json: { newFreightDocumentStatus: 'TRANSIT', previousCommits: issued.body.previousCommits },
    });
    expect(moved.status, moved.text).toBe(201);
    const transit = await getDocument(api, carrierToken, id);
    expect(transit.status).toBe('TRANSIT');

    // The same instant written another way (an offset, milliseconds) is the current value too.
    const patched = await patchTimes(id, {
      estimatedDateTimeOfTakingOver: '2026-12-01T09:00:00.000+01:00',
      estimatedDateTimeOfDelivery: '2026-12-03T10:00:00Z',
      previousCommits: transit.previousCommits,
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({
      estimatedDateTimeOfTakingOver: transit.estimatedDateTimeOfTakingOver,
      estimatedDateTimeOfDelivery: '2026-12-03T10:00:00Z',
    });

    expectErrors(
      await patchTimes(id, {
        estimatedDateTimeOfTakingOver: '2026-12-01T09:00:00Z',
        estimatedDateTimeOfDelivery: '2026-12-03T10:00:00Z',
        previousCommits: patched.body.previousCommits,
      }),
      409,
      [{ code: '4.9', field: 'estimatedDateTimeOfTakingOver' }],
    );

    // DELIVERED: both estimates sent unchanged are accepted; a moved delivery estimate is 4.10.
    const delivered = await api.post(`/api/freightdocuments/${id}/updates`, {
      bearer: carrierToken,
      json: { newFreightDocumentStatus: 'DELIVERED', previousCommits: patched.body.previousCommits },
    });
    expect(delivered.status, delivered.text).toBe(201);
    const unchanged = await patchTimes(id, {
      estimatedDateTimeOfTakingOver: delivered.body.estimatedDateTimeOfTakingOver,
      estimatedDateTimeOfDelivery: delivered.body.estimatedDateTimeOfDelivery,
      previousCommits: delivered.body.previousCommits,
    });
    expect(unchanged.status, unchanged.text).toBe(200);
    expectErrors(
      await patchTimes(id, {
        estimatedDateTimeOfTakingOver: delivered.body.estimatedDateTimeOfTakingOver,
        estimatedDateTimeOfDelivery: '2026-12-04T10:00:00Z',
        previousCommits: unchanged.body.previousCommits,
      }),
      409,
      [{ code: '4.10', field: 'estimatedDateTimeOfDelivery' }],
    );
  });
});
