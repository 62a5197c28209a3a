/**
 * Contract §7: a hand-over link that has expired answers 410 and records nothing. Needs a server with short-lived
 * links, so this file starts its own with links living two seconds (same database kind as the shared one).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { PNG_BYTES } from './documents-support';
import { Driver, serverTarget, startOwnServer } from './driver';
import { createCast, Transfers } from './transfers-support';

const TTL_SECONDS = 2;
let server: RunningServer;
let api: Driver;
let transfers: Transfers;

beforeAll(async () => {
  server = await startOwnServer('handover-link-expiry', { HANDOVER_LINK_TTL_SECONDS: String(TTL_SECONDS) });
  api = new Driver(serverTarget(server));
  transfers = new Transfers(api, await createCast(api, await api.createClient({ name: 'Hand-over expiry' })));
}, 180_000);

afterAll(async () => {
  await server?.dispose();
});

it('an expired link answers 410, shows nothing of the document, and an answer through it records nothing', async () => {
  const id = await transfers.create({
    availableSigningMethods: { collection: ['OWN'], carrierToCarrier: ['OWN'], delivery: ['OWN', 'SIGN_ON_GLASS'] },
    subsequentCarriers: [],
  });
  expect((await transfers.own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' })).status).toBe(201);
  expect((await transfers.own('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' })).status).toBe(201);
  const created = await api.post(`/api/freightdocuments/${id}/handoverlinks`, { bearer: transfers.cast.carrier.token, json: { action: 'DELIVERY' } });
  expect(created.status, created.text).toBe(201);
  const token = (created.body.url as string).split('/handover/')[1]!;
  const { serviceNumber } = await transfers.read('carrier', id);
  expect((await api.get(`/handover/${token}`)).status).toBe(200);

  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(created.body.expiresAt) - Date.now()) + 200));

  const gone = await api.get(`/handover/${token}`);
  expect(gone.status).toBe(410);
  expect(gone.text).not.toContain(serviceNumber);
  const reply = await api.post('/api/trpc/tablet.answerHandover', {
    json: { token, name: 'Late', signature: PNG_BYTES.toString('base64'), previousCommits: await transfers.heads(id) },
  });
  expect(reply.body.result.data).toEqual({ outcome: 'GONE' });
  expect((await transfers.read('carrier', id)).approvals.filter((approval: { side: string }) => approval.side === 'COUNTER_PARTY')).toHaveLength(1);
});
