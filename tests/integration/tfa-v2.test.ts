/**
 * Finding of issue 20 (Medium): a version 1 response's MACs do not cover the transfer, so a carrier that saw one
 * valid response of an account forged that account's approval of another transfer of the same document (it knows
 * every s2). Contract §8: version 2 binds the response to the transfer and is the default; version 1 is accepted
 * only with TFA_ACCEPT_V1=true; 5 wrong codes per transfer in 15 minutes, then 429 `1.10` with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeCode, contentHash, responseCode, responseCodeV1, verhoeff, type TfaAction } from '@/lib/domain/tfa';
import type { RunningServer } from '../support/server';
import { Driver, expectError, serverTarget, sharedDriver, startOwnServer } from './driver';
import { createCast, Transfers, type Cast } from './transfers-support';

type Secrets = { s1?: string; s2: string; s3: string };

/** The same account holds the consignor's and the consignee's role: its responses answer both transfers. */
async function documentWithOneCounterParty(transfers: Transfers, cast: Cast) {
  const party = { name: 'Acme both ends', countryCode: 'NLD', submittedAccountNumber: cast.consignor.accountNumber };
  return transfers.create({ subsequentCarriers: undefined, consignee: party });
}

/** The codes of one transfer as the devices compute them, version 2 and version 1. */
async function codes(transfers: Transfers, cast: Cast, id: string, action: TfaAction) {
  const shown = await transfers.read('carrier', id);
  const secrets: Secrets = action === 'COLLECTION' ? shown.collectionSecrets : shown.deliverySecrets;
  const comments = (shown.comments as { text: string | null }[]).map((comment) => comment.text ?? '');
  const challenge = challengeCode({
    contentHash: contentHash(comments, shown.serviceNumber),
    serviceNumber: shown.serviceNumber,
    s1: secrets.s1!,
    s3: secrets.s3,
  });
  const who = { accountNumber: cast.consignor.accountNumber, s2: secrets.s2, accountSecret: cast.consignor.accountSecret };
  return { v2: responseCode({ challenge, action, ...who }), v1: responseCodeV1({ challenge, serviceNumber: shown.serviceNumber, ...who }), secrets };
}

/** What the carrier of the finding did: the seen response with another transfer's s2 and a fresh check digit. */
function withS2(code: string, s2: string) {
  const body = `${code.slice(0, 13)}${s2.padStart(3, '0')}${code.slice(16, 24)}`;
  return `${body}${verhoeff(body)}`;
}

async function forgeDelivery(transfers: Transfers, cast: Cast, version: 'v1' | 'v2') {
  const id = await documentWithOneCounterParty(transfers, cast);
  expect((await transfers.own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' })).status).toBe(201);
  const collection = await codes(transfers, cast, id, 'COLLECTION');
  expect((await transfers.counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: collection[version] } })).status).toBe(201);
  const delivery = await codes(transfers, cast, id, 'DELIVERY');
  const forged = withS2(collection[version], delivery.secrets.s2);
  return { id, forged, delivery };
}

describe('version 2 by default', () => {
  const api = sharedDriver();
  let cast: Cast;
  let transfers: Transfers;

  beforeAll(async () => {
    cast = await createCast(api, await api.createClient({ name: 'TFA v2' }));
    transfers = new Transfers(api, cast);
  }, 120_000);

  it('the forged delivery of the finding is refused (3.6, "does not match"); the real version 2 code is accepted, a version 1 code is not (3.6 naming TFA_ACCEPT_V1)', async () => {
    const { id, forged, delivery } = await forgeDelivery(transfers, cast, 'v2');
    const refused = await transfers.counterParty('carrier', id, { action: 'DELIVERY', evidence: { responseCode: forged } });
    expectError(refused, 400, '3.6', 'evidence.responseCode');
    expect(refused.body.errors[0].description).toMatch(/response code does not match/i);
    // Contract §8: the right version 1 code says so and names the setting (and is no wrong attempt).
    const versionOne = await transfers.counterParty('carrier', id, { action: 'DELIVERY', evidence: { responseCode: delivery.v1 } });
    expectError(versionOne, 400, '3.6', 'evidence.responseCode');
    expect(versionOne.body.errors[0].description).toMatch(/version 1.*TFA_ACCEPT_V1=true/);
    const accepted = await transfers.counterParty('carrier', id, { action: 'DELIVERY', evidence: { responseCode: delivery.v2 } });
    expect(accepted.status).toBe(201);
    expect(accepted.headers.get('cache-control')).toBe('no-store');
  });

  it('the sixth code of a transfer after five wrong ones is 429 1.10 with Retry-After, even the right one', async () => {
    const id = await documentWithOneCounterParty(transfers, cast);
    const { v2 } = await codes(transfers, cast, id, 'COLLECTION');
    const wrong = withS2(v2, '999');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectError(
        await transfers.counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: wrong } }),
        400,
        '3.6',
        'evidence.responseCode',
      );
    }
    const locked = await transfers.counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: v2 } });
    expectError(locked, 429, '1.10');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    // Another transfer of the same document is not locked.
    const { v2: delivery } = await codes(transfers, cast, id, 'DELIVERY');
    expectError(await transfers.counterParty('carrier', id, { action: 'DELIVERY', evidence: { responseCode: delivery } }), 409, '4.18');
  });
});

describe('TFA_ACCEPT_V1=true', () => {
  let server: RunningServer;
  let cast: Cast;
  let transfers: Transfers;

  beforeAll(async () => {
    server = await startOwnServer('tfa-accept-v1', { TFA_ACCEPT_V1: 'true' });
    const api = new Driver(serverTarget(server));
    cast = await createCast(api, await api.createClient({ name: 'TFA v1' }));
    transfers = new Transfers(api, cast);
  }, 180_000);
  afterAll(async () => server?.dispose());

  it('accepts version 1 codes beside version 2, with the risk the README names: a seen response replays onto another transfer', async () => {
    const { id, forged } = await forgeDelivery(transfers, cast, 'v1');
    expect((await transfers.own('carrier', id, { action: 'DELIVERY', ownRole: 'CARRIER' })).status).toBe(201);
    const replayed = await transfers.counterParty('carrier', id, { action: 'DELIVERY', evidence: { responseCode: forged } });
    expect(replayed.status).toBe(201);
    expect(replayed.body.status).toBe('DELIVERED');
  });
});
