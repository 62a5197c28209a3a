/**
 * Finding of issue 32 (Low): the carrier-only secret s1 was recoverable through the phone's helper
 * `tablet.responseCode`: a challenge with a wrong s1 answered 3.6 and one with the right s1 a code, with no limit
 * (855 requests found it). Now s1 never decides the answer (the helper computes the code of the challenge it is
 * given, whatever its s1, which the counter party could compute itself with its own secret), and an account asks it at
 * most 30 times a minute (429 1.10 with Retry-After).
 *
 * @backends every: the per-account limit is counted in the database, shared by instances.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { challengeCode, contentHash, responseCode } from '@/lib/domain/tfa';
import { sharedDriver } from './driver';
import { signedInSession, type PortalSession } from './portal-session';
import { createCast, Transfers, type Cast } from './transfers-support';

const api = sharedDriver();
let cast: Cast;
let transfers: Transfers;
let carrier: PortalSession;
let consignor: PortalSession;
const METHODS = { availableSigningMethods: { collection: ['OWN', 'TFA'], carrierToCarrier: ['OWN'], delivery: ['OWN'] } };

beforeAll(async () => {
  const client = await api.createClient({ name: 'Response code s1 tests' });
  cast = await createCast(api, client);
  transfers = new Transfers(api, cast);
  carrier = await signedInSession(api, cast.carrier.email, cast.carrier.password);
  consignor = await signedInSession(api, cast.consignor.email, cast.consignor.password);
}, 180_000);

describe('the phone’s response-code helper', () => {
  it('answers alike whatever s1 the challenge carries, and at most 30 times a minute per account', async () => {
    const id = await transfers.create(METHODS);
    const view = (await carrier.trpcQuery('tablet.handOver', { freightDocumentId: id })).body.result.data;
    const { serviceNumber } = view.document;
    const { s1, s3 } = view.transfers[0].secrets as { s1: string; s3: string };
    const s2 = (await transfers.read('consignor', id)).collectionSecrets.s2 as string;
    const hash = contentHash([], serviceNumber);
    const wrong = ['0', '1', '42', '9999', String((Number(s1) + 1) % 10_000)].filter((candidate) => candidate !== s1);

    const answers = [];
    for (const candidate of [s1, ...wrong]) {
      const challenge = challengeCode({ contentHash: hash, serviceNumber, s1: candidate, s3 });
      const reply = await consignor.trpcQuery('tablet.responseCode', { challenge });
      expect(reply.status, reply.text).toBe(200);
      const { responseCode: code, ...rest } = reply.body.result.data;
      // The code is the one the contract computes from the challenge as given: nothing the caller could not compute.
      expect(code).toBe(
        responseCode({ challenge, action: 'COLLECTION', accountNumber: cast.consignor.accountNumber, s2, accountSecret: cast.consignor.accountSecret }),
      );
      answers.push(rest);
    }
    for (const rest of answers) expect(rest).toEqual(answers[0]);

    // The limit: 30 calls a minute per account, right or wrong; then 429 1.10 with Retry-After.
    const challenge = challengeCode({ contentHash: hash, serviceNumber, s1: '7', s3 });
    let refused;
    for (let call = answers.length; call < 40 && !refused; call += 1) {
      const reply = await consignor.trpcQuery('tablet.responseCode', { challenge });
      if (reply.status === 429) refused = { call, reply };
      else expect(reply.status, reply.text).toBe(200);
    }
    expect(refused?.call).toBe(30);
    expect(refused!.reply.text).toContain('"code":"1.10"');
    expect(Number(refused!.reply.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is counted apart.
    expect((await carrier.trpcQuery('tablet.responseCode', { challenge })).body.error.data.errors[0].code).toBe('3.6');
  });
});
