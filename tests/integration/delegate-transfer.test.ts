/**
 * Issue 10: a delegate can do everything the role can, approvals included. The carrier delegates its role on
 * one document to a driver's account over REST; the driver approves the collection, and the approval records
 * the role approved for (the carrier's) and who acted (`submittedBy`, the driver).
 */
import { beforeAll, expect, it } from 'vitest';
import { sharedDriver, type Account, type Client } from './driver';
import { createCast, Transfers, type Cast } from './transfers-support';

const api = sharedDriver();
let client: Client;
let cast: Cast;
let transfers: Transfers;
let driver: Account & { token: string };

beforeAll(async () => {
  client = await api.createClient({ name: 'Delegate transfer tests' });
  cast = await createCast(api, client);
  transfers = new Transfers(api, cast);
  const account = await api.createActiveAccount(client);
  driver = { ...account, token: (await api.login(client, account)).access_token };
});

it('a delegate of the carrier approves the collection in the carrier’s role, and is recorded as the one who acted', async () => {
  const id = await transfers.create({ subsequentCarriers: undefined });
  const delegated = await api.post(`/api/freightdocuments/${id}/delegate`, {
    bearer: cast.carrier.token,
    json: { role: 'CARRIER', accountNumberOfDelegatee: driver.accountNumber },
  });
  expect(delegated.status, delegated.text).toBe(201);

  const seen = await api.get(`/api/freightdocuments/${id}`, { bearer: driver.token });
  expect(seen.status).toBe(200);
  expect(seen.body.allowedActions).toContain('APPROVE_COLLECTION');
  const heads = seen.body.previousCommits;
  const approved = await api.post(`/api/freightdocuments/${id}/submitmyapproval`, {
    bearer: driver.token,
    json: { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: heads },
  });
  expect(approved.status, approved.text).toBe(201);
  expect(approved.body.approvals).toContainEqual(
    expect.objectContaining({
      type: 'OWN',
      action: 'COLLECTION',
      role: 'CARRIER',
      account: expect.objectContaining({ accountId: cast.carrier.accountId }),
      submittedBy: expect.objectContaining({ accountId: driver.accountId }),
    }),
  );

  // Revoked, the delegate can neither see nor approve any more.
  const revoked = await api.request('DELETE', `/api/freightdocuments/${id}/delegates/${delegated.body.delegateId}`, { bearer: cast.carrier.token });
  expect(revoked.status).toBe(204);
  expect((await api.get(`/api/freightdocuments/${id}`, { bearer: driver.token })).status).toBe(404);
});
