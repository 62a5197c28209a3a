/**
 * The carrier tablet's tRPC door (issue 9 part 4), as a signed-in browser session calls it: "My transfers" per
 * role, the hand-over view with the caller's secrets, the counter party's response code computed with its own
 * secret, and approvals whose retries with one idempotency key approve once (contract §13).
 *
 * @backends every: portal sessions and idempotency keys must hold across instances.
 *
 * @blobs every: runs again against the S3 blob store (integration-s3, issue 37).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { challengeCode, contentHash, responseCode, verhoeff } from '@/lib/domain/tfa';
import { responseFromKit } from '@/lib/offline/respond-kit';
import { sharedDriver, type Client } from './driver';
import { signedInSession, type PortalSession } from './portal-session';
import { createCast, Transfers, type Cast, type Member } from './transfers-support';

const api = sharedDriver();
let client: Client;
let cast: Cast;
let transfers: Transfers;
const sessions = new Map<Member, PortalSession>();

beforeAll(async () => {
  client = await api.createClient({ name: 'Tablet tests' });
  cast = await createCast(api, client);
  transfers = new Transfers(api, cast);
  for (const member of ['carrier', 'consignor', 'first', 'outsider'] as const) {
    sessions.set(member, await signedInSession(api, cast[member].email, cast[member].password));
  }
}, 180_000);

const session = (member: Member) => sessions.get(member)!;
const METHODS = { availableSigningMethods: { collection: ['OWN', 'TFA'], carrierToCarrier: ['OWN'], delivery: ['OWN', 'SIGN_ON_GLASS'] } };

async function query(member: Member, procedure: string, input?: unknown) {
  const reply = await session(member).trpcQuery(procedure, input);
  return reply;
}
const data = (reply: { status: number; text: string; body: any }) => {
  expect(reply.status, reply.text).toBe(200);
  return reply.body.result.data;
};
const errors = (reply: { body: any }) => reply.body.error.data.errors as { code: string; field?: string }[];

describe('my transfers', () => {
  it('lists a due collection for the carrier only, and the hand-over to a subsequent carrier once it can happen', async () => {
    const id = await transfers.create(METHODS);
    const carrierList = data(await query('carrier', 'tablet.myTransfers'));
    const item = carrierList.transfers.find((entry: { freightDocumentId: string }) => entry.freightDocumentId === id);
    expect(item).toMatchObject({
      action: 'COLLECTION',
      side: 'CARRIER',
      status: 'ISSUED',
      place: { name: 'Dock 4', countryCode: 'NLD' },
      dueAt: '2026-12-01T08:00:00.000Z',
      carrierApproved: false,
      counterPartyApproved: false,
    });
    expect(item.counterParties.map((party: { role: string }) => party.role).sort()).toEqual(['CONSIGNOR', 'PLACE_OF_TAKING_OVER']);
    // The card shows the goods (issue 34 item 5).
    expect(item.goods).toBe('12 pallets of apples');
    for (const member of ['first', 'consignor', 'outsider'] as const) {
      const list = data(await query(member, 'tablet.myTransfers'));
      expect(list.transfers.some((entry: { freightDocumentId: string }) => entry.freightDocumentId === id)).toBe(false);
    }

    expect((await transfers.own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' })).status).toBe(201);
    expect((await transfers.own('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' })).status).toBe(201);
    const receiving = data(await query('first', 'tablet.myTransfers')).transfers.filter(
      (entry: { freightDocumentId: string }) => entry.freightDocumentId === id,
    );
    expect(receiving).toEqual([
      expect.objectContaining({ action: 'CARRIER_TO_CARRIER', side: 'RECEIVING', place: expect.objectContaining({ name: 'First Relay' }) }),
    ]);
    const handing = data(await query('carrier', 'tablet.myTransfers')).transfers.filter(
      (entry: { freightDocumentId: string }) => entry.freightDocumentId === id,
    );
    expect(handing.map((entry: { action: string; side: string }) => `${entry.action} ${entry.side}`).sort()).toEqual([
      'CARRIER_TO_CARRIER CARRIER',
      'CARRIER_TO_CARRIER CARRIER',
      'DELIVERY CARRIER',
    ]);
  });
});

describe('approvals from the tablet', () => {
  it('a retry with the same idempotency key is answered from the first and approves once; a new key is refused (4.18)', async () => {
    const id = await transfers.create(METHODS);
    const heads = await transfers.heads(id);
    const input = { freightDocumentId: id, idempotencyKey: `tablet-${id}`, body: { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: heads } };
    const first = await session('carrier').trpcMutation('tablet.approveOwn', input);
    // The answer was lost on the way: the tablet sends the same again, also several times at once.
    const retries = await Promise.all([0, 1, 2].map(() => session('carrier').trpcMutation('tablet.approveOwn', input)));
    const answers = [first, ...retries].map(data);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const approvals = (await transfers.read('submitter', id)).approvals;
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({ action: 'COLLECTION', side: 'CARRIER', type: 'OWN' });

    const again = await session('carrier').trpcMutation('tablet.approveOwn', { ...input, idempotencyKey: `tablet-${id}-again` });
    expect(again.status).toBe(409);
    expect(errors(again)).toEqual([expect.objectContaining({ code: '4.18' })]);
  });

  it('issue 21: an approval made offline 3 s ago is dated then; its retry with a grown secondsSinceCreation is a repeat', async () => {
    const id = await transfers.create(METHODS);
    const heads = await transfers.heads(id);
    const body = { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: heads };
    const input = { freightDocumentId: id, idempotencyKey: `offline-${id}` };
    // Never dated before the commit the tablet saw (contract §6): that one is older than the 3 s.
    await transfers.lastChangeAged(id, 3);
    const first = await session('carrier').trpcMutation('tablet.approveOwn', { ...input, body: { ...body, secondsSinceCreation: 3 } });
    expect(first.status).toBe(200);
    // The answer was lost; the tablet sends again 5 s later, with the seconds computed at that send (contract §6, §13).
    const retry = await session('carrier').trpcMutation('tablet.approveOwn', { ...input, body: { ...body, secondsSinceCreation: 8 } });
    expect(data(retry)).toEqual(data(first));
    const approvals = (await transfers.read('submitter', id)).approvals;
    expect(approvals).toHaveLength(1);
    const made = Date.parse(approvals[0].createDateTimeClient);
    const arrived = Date.parse(approvals[0].createDateTimeServer);
    expect(arrived - made).toBe(3_000);
    // Another body under the same key is still refused.
    const other = await session('carrier').trpcMutation('tablet.approveOwn', { ...input, body: { ...body, action: 'DELIVERY' } });
    expect(errors(other)).toEqual([expect.objectContaining({ code: '4.50' })]);
  });

  it('issue 21: the phone keeps its own secret and the s2/s3 of its open transfers, and computes the code the server accepts', async () => {
    const id = await transfers.create(METHODS);
    const view = data(await query('carrier', 'tablet.handOver', { freightDocumentId: id }));
    const { serviceNumber } = view.document;
    const { s1, s3 } = view.transfers[0].secrets;
    const kit = data(await query('consignor', 'tablet.offlineCodeKit'));
    // Only the signed-in account's own secret, and only the secrets a counter party sees (no s1).
    expect(kit).toMatchObject({ accountNumber: cast.consignor.accountNumber, accountSecret: cast.consignor.accountSecret });
    const s2 = (await transfers.read('consignor', id)).collectionSecrets.s2;
    expect(kit.transfers.filter((transfer: { freightDocumentId: string }) => transfer.freightDocumentId === id)).toEqual([
      { freightDocumentId: id, serviceNumber, action: 'COLLECTION', s2, s3 },
    ]);
    // The carrier is no counter party of this collection: its kit has nothing of this document.
    const carrierKit = data(await query('carrier', 'tablet.offlineCodeKit'));
    expect(carrierKit.accountNumber).toBe(cast.carrier.accountNumber);
    expect(carrierKit.transfers.some((transfer: { freightDocumentId: string }) => transfer.freightDocumentId === id)).toBe(false);
    expect((await session('outsider').trpcQuery('tablet.offlineCodeKit')).body.result.data.transfers).toEqual([]);

    const challenge = challengeCode({ contentHash: contentHash([], serviceNumber), serviceNumber, s1, s3 });
    const offline = responseFromKit(kit, challenge);
    expect(offline?.responseCode).toBe(data(await query('consignor', 'tablet.responseCode', { challenge })).responseCode);
    expect(responseFromKit(kit, `${challenge.slice(0, 24)}${(Number(challenge[24]) + 1) % 10}`)).toBeUndefined();
  });

  it('TFA: the consignor’s phone page gives the response code the contract computes, and the tablet records it', async () => {
    const id = await transfers.create(METHODS);
    const view = data(await query('carrier', 'tablet.handOver', { freightDocumentId: id }));
    expect(view.transfers).toEqual([
      expect.objectContaining({
        action: 'COLLECTION',
        side: 'CARRIER',
        methods: ['OWN', 'TFA', 'IMPLICIT'],
        myRole: 'CARRIER',
        secrets: expect.objectContaining({ s1: expect.any(String) }),
      }),
    ]);
    const { serviceNumber } = view.document;
    const { s1, s3 } = view.transfers[0].secrets;
    const challenge = challengeCode({ contentHash: contentHash([], serviceNumber), serviceNumber, s1, s3 });

    const answered = data(await query('consignor', 'tablet.responseCode', { challenge: challenge.replace(/(\d{5})/g, '$1 ') }));
    const s2 = (await transfers.read('consignor', id)).collectionSecrets.s2;
    expect(answered).toEqual({
      responseCode: responseCode({
        challenge,
        action: 'COLLECTION',
        accountNumber: cast.consignor.accountNumber,
        s2,
        accountSecret: cast.consignor.accountSecret,
      }),
      freightDocumentId: id,
      serviceNumber,
      action: 'COLLECTION',
      commentsMatch: true,
      reservations: [],
      // Issue 31 item 8: what the challenge's transfer hands over, shown on the phone before the code.
      handedOver: expect.objectContaining({
        action: 'COLLECTION',
        serviceNumber,
        goods: '12 pallets of apples',
        parties: expect.arrayContaining([expect.objectContaining({ role: 'CONSIGNOR', name: 'Acme Shipping' })]),
      }),
    });

    // Someone without a role in the document, and a challenge that is not one.
    expect(errors(await query('outsider', 'tablet.responseCode', { challenge }))).toEqual([expect.objectContaining({ code: '4.47' })]);
    const broken = `${challenge.slice(0, 24)}${(Number(challenge[24]) + 1) % 10}`;
    expect(errors(await query('consignor', 'tablet.responseCode', { challenge: broken }))).toEqual([
      { code: '3.6', field: 'challenge', description: expect.any(String) },
    ]);
    const foreignBody = `${'1'.repeat(5)}${serviceNumber}${'0'.repeat(7)}`;
    expect(errors(await query('consignor', 'tablet.responseCode', { challenge: foreignBody + verhoeff(foreignBody) }))).toEqual([
      { code: '3.6', field: 'challenge', description: expect.any(String) },
    ]);
    // The carrier side is no counter party: it gets no response code for its own transfer.
    expect(errors(await query('carrier', 'tablet.responseCode', { challenge }))[0]!.code).toBe('3.6');

    const heads = await transfers.heads(id);
    const recorded = await session('carrier').trpcMutation('tablet.recordCounterParty', {
      freightDocumentId: id,
      idempotencyKey: `tfa-${id}`,
      body: { action: 'COLLECTION', previousCommits: heads, place: 'Dock 4', evidence: { responseCode: answered.responseCode } },
    });
    expect(data(recorded).approvals).toEqual([
      expect.objectContaining({ type: 'TFA', side: 'COUNTER_PARTY', account: expect.objectContaining({ accountId: cast.consignor.accountId }) }),
    ]);
  });

  it('issue 31: a write queued for one account is refused under another account’s session (401 1.8 on outboxAccountId) and recorded under its own', async () => {
    const id = await transfers.create(METHODS);
    // The device stamps each queued write with the account whose session made it: the carrier's, as the server knows it.
    const carrierId = await session('carrier').accountId();
    expect(carrierId).toBe(cast.carrier.accountId);
    const heads = await transfers.heads(id);
    const queued = [
      [
        'tablet.approveOwn',
        {
          freightDocumentId: id,
          idempotencyKey: `own-${id}`,
          outboxAccountId: carrierId,
          body: { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: heads },
        },
      ],
      [
        'tablet.comment',
        { freightDocumentId: id, idempotencyKey: `comment-${id}`, outboxAccountId: carrierId, body: { text: 'Seal 4711 intact', previousCommits: heads } },
      ],
    ] as const;

    // A shared tablet: the next driver's session (a subsequent carrier of this very document, who could comment on it)
    // sends them. The server refuses each before anything else, as a missing session: the device keeps them for A.
    for (const [procedure, input] of queued) {
      const refused = await session('first').trpcMutation(procedure, input);
      expect(refused.status, refused.text).toBe(401);
      expect(errors(refused)).toEqual([expect.objectContaining({ code: '1.8', field: 'outboxAccountId' })]);
    }
    const untouched = await transfers.read('submitter', id);
    expect(untouched.approvals).toEqual([]);
    expect(untouched.comments).toEqual([]);

    // The same entries, same keys, under the carrier's own session: recorded once, under the carrier.
    for (const [procedure, input] of queued) expect((await session('carrier').trpcMutation(procedure, input)).status).toBe(200);
    const recorded = await transfers.read('submitter', id);
    expect(recorded.approvals).toEqual([expect.objectContaining({ side: 'CARRIER', account: expect.objectContaining({ accountId: carrierId }) })]);
    expect(recorded.comments).toEqual([expect.objectContaining({ text: 'Seal 4711 intact', accountId: carrierId, creatorName: 'Carrier Ltd' })]);
  });

  it('refusals keep the catalogue’s code and field over tRPC (a wrong response code is 3.6 on evidence.responseCode)', async () => {
    const id = await transfers.create(METHODS);
    const wrong = await session('carrier').trpcMutation('tablet.recordCounterParty', {
      freightDocumentId: id,
      idempotencyKey: `wrong-${id}`,
      body: { action: 'COLLECTION', previousCommits: await transfers.heads(id), evidence: { responseCode: '1'.repeat(25) } },
    });
    expect(wrong.status).toBe(400);
    expect(errors(wrong)).toEqual([expect.objectContaining({ code: '3.6', field: 'evidence.responseCode' })]);
    const notCarrier = await session('consignor').trpcMutation('tablet.licensePlates', {
      freightDocumentId: id,
      body: { roleId: 'x', licensePlates: [{ licensePlate: 'AB-1', type: 'TRUCK' }], previousCommits: await transfers.heads(id) },
    });
    expect(errors(notCarrier)).toEqual([expect.objectContaining({ code: '3.39' })]);
  });
});
