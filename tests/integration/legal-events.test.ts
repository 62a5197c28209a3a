/**
 * Contract §14 over HTTP (issue 22), and the §7 comment fields: reservations at each stage with their codes and
 * windows (dated back with `secondsSinceCreation`), their acceptance by counter-party approvals (own, TFA, sign on
 * glass; not by the carrier side's own or a declined one), a TFA code computed before a reservation refused after
 * it; instructions and their answers (an accepted change of consignee replaces the holder and tells both);
 * impediments, cash on delivery, the sender's receipt, replacement by paper (4.63 for every later change), the
 * procedures, the webhook `event` of each, `allowedActions`, and the commit chain recomputed after all of it.
 * Runs on a server of its own that may call the test's webhook receiver on 127.0.0.1.
 *
 * @blobs every: runs again against the S3 blob store (integration-s3, issue 37).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { PNG_BYTES } from './documents-support';
import { signedInSession } from './portal-session';
import { Driver, expectError, serverTarget, startOwnServer, type Account, type Client, type Reply } from './driver';
import { createCast, Transfers, type Cast, type Member } from './transfers-support';

let server: RunningServer;
let receiver: WebhookReceiver;
let api: Driver;
let client: Client;
let cast: Cast;
let transfers: Transfers;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startOwnServer('legal-events', { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Driver(serverTarget(server));
  client = await api.createClient({ name: 'Legal events tests' });
  cast = await createCast(api, client);
  transfers = new Transfers(api, cast);
}, 240_000);

afterAll(async () => {
  await server?.dispose();
  await receiver?.close();
});

const DAY = 24 * 60 * 60;
const status = (reply: Reply, expected: number) => expect(reply.status, reply.text).toBe(expected);
const only = (reply: Reply, code: string, httpStatus: number, field?: string) => {
  expectError(reply, httpStatus, code, field);
  expect(reply.body.errors).toHaveLength(1);
};
const post = (member: Member, id: string, endpoint: string, body: Record<string, unknown>) => transfers.call(member, 'POST', id, endpoint, body);
const reserve = (member: Member, id: string, reservation: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  transfers.comment(member, id, { text: `${reservation.kind} noted`, reservation, ...extra });

/** A document taken over by the carrier (TRANSIT), by the carrier's own approval and the consignor's. */
async function inTransit(overrides: Record<string, unknown> = {}) {
  const id = await transfers.create({ subsequentCarriers: undefined, ...overrides });
  status(await transfers.update('carrier', id, { newFreightDocumentStatus: 'TRANSIT' }), 201);
  return id;
}

/** A document delivered now. */
async function delivered() {
  const id = await inTransit();
  status(await transfers.update('carrier', id, { newFreightDocumentStatus: 'DELIVERED' }), 201);
  return id;
}

/** A mail to `address` whose text contains every needle, waiting for it (15 s per further mail at most). */
async function mailContaining(address: string, ...needles: string[]) {
  for (let count = 1; ; count += 1) {
    const mails = await api.mailsTo(address, count);
    const found = mails.find((mail) => needles.every((needle) => mail.text?.includes(needle)));
    if (found) return found;
    count = Math.max(count, mails.length);
  }
}

/** Recomputes every commit id from the document's `updates` (contract §6): the chain anyone can check. */
function expectChainRecomputes(document: any) {
  const seen = new Set<string>();
  for (const update of document.updates) {
    const fields = {
      freightDocumentId: document.freightDocumentId,
      changeType: update.changeType,
      accountId: update.account?.accountId ?? null,
      newFreightDocumentStatus: update.newFreightDocumentStatus,
      previousCommits: [...update.previousCommits].sort(),
      createDateTimeClient: update.createDateTimeClient,
      createDateTimeServer: update.createDateTimeServer,
      contentHash: update.contentHash,
    };
    expect(crypto.createHash('sha256').update(canonicalize(fields)!).digest('hex'), update.changeType).toBe(update.commitId);
    for (const parent of update.previousCommits) expect(seen.has(parent)).toBe(true);
    seen.add(update.commitId);
  }
}

/** The document's PDF as the consignor reads it in English, as text (pdftotext), whitespace collapsed. */
async function pdfTextOf(id: string): Promise<string> {
  const pdf = await fetch(`${api.target.baseUrl}/api/freightdocuments/${id}`, {
    headers: { Authorization: `Bearer ${cast.consignor.token}`, Accept: 'application/pdf', 'Accept-Language': 'en' },
  });
  expect(pdf.status).toBe(200);
  return execFileSync('pdftotext', ['-nodiag', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(await pdf.arrayBuffer()) })
    .toString('utf8')
    .replace(/\s+/g, ' ');
}

async function verificationPage(document: any) {
  const page = await fetch(document.verificationUrl.replace(/^https?:\/\/[^/]+/, api.target.baseUrl), { headers: { 'Accept-Language': 'en' } });
  expect(page.status).toBe(200);
  const text = (await page.text())
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  expect(text).toMatch(/Integrity of the history ?: Intact/);
  return text;
}

describe('comments (contract §7)', () => {
  it('clientMeta is returned exactly as sent, a string or an object; over 4 KB is 3.2; the commercial service’s names', async () => {
    const id = await transfers.create();
    const object = { device: 'tablet-7', nested: { z: 1, a: [true, null, 'x'] }, appVersion: '3.2.1' };
    status(await transfers.comment('carrier', id, { text: 'With an object', clientMeta: object }), 201);
    status(await transfers.comment('carrier', id, { text: 'With a string', clientMeta: '{"not":"parsed"}' }), 201);
    // Contract §7: `""` comes back as `""` (the one exception to "empty means omitted").
    status(await transfers.comment('carrier', id, { text: 'With an empty string', clientMeta: '' }), 201);
    only(await transfers.comment('carrier', id, { text: 'Too big', clientMeta: 'x'.repeat(4097) }), '3.2', 400, 'clientMeta');
    only(await transfers.comment('carrier', id, { text: 'A number', clientMeta: 42 }), '3.17', 400, 'clientMeta');
    const document = await transfers.read('consignor', id);
    const [first, second, third] = document.comments;
    expect(JSON.stringify(first.clientMeta)).toBe(JSON.stringify(object));
    expect(second.clientMeta).toBe('{"not":"parsed"}');
    expect(third.clientMeta).toBe('');
    expect(first).toMatchObject({
      type: 'COMMENT',
      text: 'With an object',
      accountId: cast.carrier.accountId,
      creatorName: 'Carrier Ltd',
      creatorRole: 'CARRIER',
      reservation: null,
      attachments: [],
    });
    // Contract §7: made without secondsSinceCreation, it is dated by the server on both clocks.
    expect(first.createDateTimeClient).toBe(first.createDateTimeServer);
    expect(first.commitId).toMatch(/^[0-9a-f]{64}$/);
    expect(first.createDateTimeServer).toMatch(/Z$/);
    expect(Array.isArray(first.previousCommits)).toBe(true);
  });
});

describe('reservations (contract §14)', () => {
  it('TAKING_OVER by the carrier until its own collection approval, accepted by the consignor’s own approval; 4.60, 4.46, 3.9, 1.4', async () => {
    const id = await transfers.create({ subsequentCarriers: undefined, goods: undefined, structuredGoods: [{ name: 'Apples', numberOfPackages: 12 }] });
    const goods = (await transfers.read('carrier', id)).structuredGoods as { productId: number }[];
    const reply = await reserve('carrier', id, { stage: 'TAKING_OVER', kind: 'PACKAGING', goodsLines: [goods[0]!.productId] });
    status(reply, 201);
    const { commentId } = reply.body;
    only(await reserve('consignee', id, { stage: 'TAKING_OVER', kind: 'DAMAGE' }), '4.60', 409, 'reservation.stage');
    only(await reserve('carrier', id, { stage: 'DELIVERY', kind: 'DAMAGE' }), '4.60', 409, 'reservation.stage');
    const unknownLine = await reserve('carrier', id, { stage: 'TAKING_OVER', kind: 'DAMAGE', goodsLines: [987654321] });
    only(unknownLine, '4.46', 409, 'reservation.goodsLines[0]');
    // Not the catalogue's "Adding new structured goods not allowed": it names the id and where ids come from.
    expect(unknownLine.body.errors[0].description).toMatch(/No structured goods line of this document has productId 987654321: .*structuredGoods/);
    only(await reserve('carrier', id, { stage: 'LOADING', kind: 'DAMAGE' }), '3.9', 400, 'reservation.stage');
    only(await reserve('consignor', id, { stage: 'TAKING_OVER', kind: 'DAMAGE' }), '1.4', 403);

    const shown = await transfers.read('carrier', id);
    expect(shown.comments[0]).toMatchObject({
      commentId,
      type: 'RESERVATION',
      creatorRole: 'CARRIER',
      reservation: { stage: 'TAKING_OVER', kind: 'PACKAGING', goodsLines: [goods[0]!.productId], withinTimeLimit: true },
    });
    expect(shown.updates.at(-1).changeType).toBe('RESERVATION');
    expect(shown.allowedActions).toContain('RESERVE');

    status(await transfers.own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' }), 201);
    only(await reserve('carrier', id, { stage: 'TAKING_OVER', kind: 'COUNT' }), '4.60', 409, 'reservation.stage');
    status(await transfers.own('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' }), 201);
    const approvals = (await transfers.read('consignor', id)).approvals;
    expect(approvals.map((approval: any) => [approval.side, approval.acceptedReservations])).toEqual([
      ['CARRIER', []],
      ['COUNTER_PARTY', [commentId]],
    ]);
  });

  it('a TFA code computed before a reservation is refused after it (the content hash moved); a new one accepts it', async () => {
    const id = await transfers.create({ subsequentCarriers: undefined });
    const before = await transfers.responseCodeFor('carrier', 'consignor', id, (document) => document.collectionSecrets);
    const reply = await reserve('carrier', id, { stage: 'TAKING_OVER', kind: 'CONDITION' });
    status(reply, 201);
    only(
      await transfers.counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: before.responseCode } }),
      '3.6',
      400,
      'evidence.responseCode',
    );
    const after = await transfers.responseCodeFor('carrier', 'consignor', id, (document) => document.collectionSecrets);
    status(await transfers.counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: after.responseCode } }), 201);
    const approval = (await transfers.read('carrier', id)).approvals.at(-1);
    expect(approval).toMatchObject({ type: 'TFA', side: 'COUNTER_PARTY', acceptedReservations: [reply.body.commentId] });
  });

  it('DELIVERY by the consignee or the holder of the cargo while TRANSIT; a sign-on-glass approval accepts them, a declined one none', async () => {
    const id = await inTransit();
    const mine = await reserve('consignee', id, { stage: 'DELIVERY', kind: 'SHORTAGE' });
    status(mine, 201);
    const forThem = await reserve('carrier', id, { stage: 'DELIVERY', kind: 'DAMAGE' });
    status(forThem, 201);
    only(await reserve('consignee', id, { stage: 'AFTER_DELIVERY', kind: 'DAMAGE' }), '4.60', 409, 'reservation.stage');
    expect((await transfers.read('consignee', id)).comments.map((comment: any) => comment.creatorRole)).toEqual(['CONSIGNEE', 'CARRIER']);

    status(await transfers.own('consignee', id, { action: 'DELIVERY', ownRole: 'CONSIGNEE', declined: true, remarks: 'Not today' }), 201);
    const signature = { signedOnGlassBy: { name: 'Bea' }, attachments: [{ content: PNG_BYTES.toString('base64'), originalFileName: 'sig.png' }] };
    status(await transfers.counterParty('carrier', id, { action: 'DELIVERY', evidence: signature }), 201);
    const approvals = (await transfers.read('carrier', id)).approvals.filter((approval: any) => approval.action === 'DELIVERY');
    expect(approvals.map((approval: any) => [approval.type, approval.declined, approval.acceptedReservations])).toEqual([
      ['OWN', true, []],
      ['SIGN_ON_GLASS', false, [mine.body.commentId, forThem.body.commentId]],
    ]);
  });

  it('AFTER_DELIVERY and DELAY by the consignee after delivery, in time; never dated before the delivery it saw (3.6)', async () => {
    // The windows themselves (7 days after the day of delivery, Sundays out; 21 × 24 h) need a clock of the test's
    // choosing: tests/services/dating-and-limits.test.ts and the unit tests of legal-events.ts.
    const recent = await delivered();
    const reservationOf = async (id: string) => (await transfers.read('consignee', id)).comments.at(-1).reservation;

    status(await reserve('consignee', recent, { stage: 'AFTER_DELIVERY', kind: 'DAMAGE' }), 201);
    expect(await reservationOf(recent)).toEqual({ stage: 'AFTER_DELIVERY', kind: 'DAMAGE', withinTimeLimit: true });
    // Issue 32: sent with secondsSinceCreation reaching back before the delivery it names, it is refused.
    only(await reserve('consignee', recent, { stage: 'AFTER_DELIVERY', kind: 'LOSS' }, { secondsSinceCreation: 30 * DAY }), '3.6', 400, 'secondsSinceCreation');
    status(await reserve('consignee', recent, { stage: 'DELAY', kind: 'DELAY' }), 201);
    expect(await reservationOf(recent)).toEqual({ stage: 'DELAY', kind: 'DELAY', withinTimeLimit: true });

    only(await reserve('carrier', recent, { stage: 'AFTER_DELIVERY', kind: 'DAMAGE' }), '4.60', 409, 'reservation.stage');
    // Contract §6: secondsSinceCreation is an integer 0…2,592,000, else 3.6.
    only(await reserve('consignee', recent, { stage: 'DELAY', kind: 'DELAY' }, { secondsSinceCreation: 2_592_001 }), '3.6', 400, 'secondsSinceCreation');
    only(await reserve('consignee', recent, { stage: 'DELIVERY', kind: 'DAMAGE' }), '4.60', 409, 'reservation.stage');
  });
});

describe('right of disposal (contract §14, CMR art. 12)', () => {
  it('the consignor instructs, the carrier refuses with a reason or accepts; 4.61, 4.62, 4.1, 3.1, 1.4', async () => {
    const id = await transfers.create({ subsequentCarriers: undefined });
    const issued = await transfers.read('consignor', id);
    expect(issued.rightOfDisposal).toEqual({ holderRole: 'CONSIGNOR' });
    expect(issued.consigneeHasRightOfDisposal).toBe(false);
    expect(issued.allowedActions).toContain('GIVE_INSTRUCTION');

    only(await post('consignee', id, 'instructions', { kind: 'STOP', text: 'Hold it' }), '4.61', 409);
    only(await post('carrier', id, 'instructions', { kind: 'STOP', text: 'Hold it' }), '4.61', 409);
    only(await post('consignor', id, 'instructions', { kind: 'CHANGE_CONSIGNEE', text: 'Another one' }), '3.1', 400, 'newConsignee');
    only(await post('consignor', id, 'instructions', { kind: 'PAUSE', text: 'x' }), '3.9', 400, 'kind');
    only(await post('consignor', id, 'instructions', { kind: 'STOP' }), '3.1', 400, 'text');

    const given = await post('consignor', id, 'instructions', { kind: 'STOP', text: 'Hold the goods at the depot' });
    status(given, 201);
    const [instruction] = given.body.instructions;
    expect(instruction).toMatchObject({
      kind: 'STOP',
      text: 'Hold the goods at the depot',
      givenBy: { accountNumber: cast.consignor.accountNumber, name: 'Consignor Ltd', role: 'CONSIGNOR' },
      commitId: given.body.previousCommits[0],
    });
    expect(instruction).not.toHaveProperty('response');
    expect((await transfers.read('carrier', id)).allowedActions).toContain('ANSWER_INSTRUCTION');

    const path = `instructions/${instruction.instructionId}/response`;
    only(await post('consignor', id, path, { accepted: true }), '1.4', 403);
    only(await post('carrier', id, path, { accepted: false }), '3.1', 400, 'reason');
    only(await post('carrier', id, path, {}), '3.1', 400, 'accepted');
    only(await post('carrier', id, `instructions/${crypto.randomUUID()}/response`, { accepted: true }), '4.1', 404);
    const answered = await post('carrier', id, path, { accepted: false, reason: 'Already unloaded' });
    status(answered, 200);
    expect(answered.body.instructions[0].response).toMatchObject({
      accepted: false,
      reason: 'Already unloaded',
      answeredBy: { accountNumber: cast.carrier.accountNumber, role: 'CARRIER' },
      commitId: answered.body.previousCommits[0],
    });
    expect(answered.body.allowedActions).not.toContain('ANSWER_INSTRUCTION');
    only(await post('carrier', id, path, { accepted: true }), '4.62', 409, 'instructionId');
    expect(answered.body.updates.slice(-2).map((update: any) => update.changeType)).toEqual(['INSTRUCTION', 'INSTRUCTION_RESPONSE']);
  });

  it('an accepted change of consignee replaces the holder as a PUT of that party would, and tells both', async () => {
    const newConsignee: Account = await api.createActiveAccount(client, { name: 'Gamma Storage' });
    const login = await api.login(client, newConsignee);
    const id = await inTransit();
    only(
      await post('consignor', id, 'instructions', {
        kind: 'CHANGE_CONSIGNEE',
        text: 'To Gamma',
        newConsignee: { name: 'Gamma', submittedAccountNumber: '99999999' },
      }),
      '4.40',
      400,
      'newConsignee.submittedAccountNumber',
    );
    // The consignee's delegate on this document acts for it: it loses the role with it.
    const delegated = await api.post(`/api/freightdocuments/${id}/delegate`, {
      bearer: cast.consignee.token,
      json: { role: 'CONSIGNEE', accountNumberOfDelegatee: cast.second.accountNumber },
    });
    status(delegated, 201);
    status(await api.get(`/api/freightdocuments/${id}`, { bearer: cast.second.token }), 200);
    const given = await post('consignor', id, 'instructions', {
      kind: 'CHANGE_CONSIGNEE',
      text: 'Deliver to Gamma instead',
      newConsignee: { name: 'Gamma Storage', countryCode: 'DEU', submittedAccountNumber: newConsignee.accountNumber },
    });
    status(given, 201);
    const roleId = given.body.consignee.roleId;
    const accepted = await post('carrier', id, `instructions/${given.body.instructions[0].instructionId}/response`, { accepted: true });
    status(accepted, 200);
    expect(accepted.body.consignee).toMatchObject({ roleId, name: 'Gamma Storage', submittedAccountNumber: newConsignee.accountNumber });
    const seen = await api.get(`/api/freightdocuments/${id}`, { bearer: login.access_token });
    status(seen, 200);
    expect(seen.body.ownPermissions.map((permission: any) => permission.role)).toEqual(['CONSIGNEE']);
    only(await api.get(`/api/freightdocuments/${id}`, { bearer: cast.consignee.token }), '4.47', 404);
    only(await api.get(`/api/freightdocuments/${id}`, { bearer: cast.second.token }), '4.47', 404);
    await mailContaining(newConsignee.email, 'named you as consignee', given.body.serviceNumber);
    await mailContaining(cast.consignee.email, 'replaced you as consignee', given.body.serviceNumber);
  });

  it('an accepted change of the place of delivery names a new place; a holder named by e-mail is invited', async () => {
    const id = await inTransit();
    const email = `depot-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const given = await post('consignor', id, 'instructions', {
      kind: 'CHANGE_PLACE_OF_DELIVERY',
      text: 'Unload at the Cologne depot',
      newPlaceOfDelivery: { name: 'Cologne Depot', countryCode: 'DEU', cityName: 'Köln', submittedAccountEmailAddress: email },
    });
    status(given, 201);
    expect(given.body.placeOfDelivery).toBeNull();
    const accepted = await post('carrier', id, `instructions/${given.body.instructions[0].instructionId}/response`, { accepted: true });
    status(accepted, 200);
    expect(accepted.body.placeOfDelivery).toMatchObject({ name: 'Cologne Depot', cityName: 'Köln', submittedAccountEmailAddress: email });
    expect(accepted.body.updates.at(-1).changeType).toBe('INSTRUCTION_RESPONSE');
    await mailContaining(email, accepted.body.serviceNumber, '/signup?email=');
    expectChainRecomputes(await transfers.read('submitter', id));
  });

  it('the consignee holds it from the start with consigneeHasRightOfDisposal; 4.18 in DRAFT and DELIVERED', async () => {
    const id = await transfers.create({ subsequentCarriers: undefined, consigneeHasRightOfDisposal: true });
    expect((await transfers.read('consignor', id)).rightOfDisposal).toEqual({ holderRole: 'CONSIGNEE' });
    only(await post('consignor', id, 'instructions', { kind: 'STOP', text: 'Stop' }), '4.61', 409);
    status(await post('consignee', id, 'instructions', { kind: 'OTHER', text: 'Call first' }), 201);

    const draft = await transfers.create({ status: 'DRAFT' });
    only(await post('consignor', draft, 'instructions', { kind: 'STOP', text: 'Stop' }), '4.18', 409);
    const done = await delivered();
    only(await post('consignee', done, 'instructions', { kind: 'STOP', text: 'Stop' }), '4.18', 409);
  });
});

describe('impediments, cash on delivery, the receipt', () => {
  it('impediments by the holder of the cargo while TRANSIT (4.64 otherwise, 1.4 for others); the consignor is e-mailed', async () => {
    const issued = await transfers.create({ subsequentCarriers: undefined });
    only(await post('carrier', issued, 'impediments', { kind: 'CARRIAGE_IMPOSSIBLE', text: 'Bridge closed' }), '4.64', 409);
    const id = await inTransit();
    only(await post('consignee', id, 'impediments', { kind: 'CONSIGNEE_REFUSED', text: 'x' }), '1.4', 403);
    only(await post('carrier', id, 'impediments', { kind: 'BROKEN', text: 'x' }), '3.9', 400, 'kind');
    const reply = await post('carrier', id, 'impediments', {
      kind: 'CONSIGNEE_REFUSED',
      text: 'The consignee refuses the goods',
      attachments: [{ content: PNG_BYTES.toString('base64'), originalFileName: 'gate.png' }],
    });
    status(reply, 201);
    expect(reply.body.impediments).toEqual([
      expect.objectContaining({
        kind: 'CONSIGNEE_REFUSED',
        text: 'The consignee refuses the goods',
        attachments: [expect.objectContaining({ originalFileName: 'gate.png', mimeType: 'image/png' })],
        reportedBy: { accountNumber: cast.carrier.accountNumber, name: 'Carrier Ltd', role: 'CARRIER' },
      }),
    ]);
    await mailContaining(cast.consignor.email, 'reports an impediment', reply.body.serviceNumber);
  });

  it('cash on delivery while TRANSIT with a reimbursement (4.18 otherwise); the latest record is shown', async () => {
    const none = await inTransit();
    only(await post('carrier', none, 'cashondelivery', { collected: true }), '4.18', 409);
    const id = await inTransit({ reimbursementAmount: 1250, reimbursementCurrency: 'EUR' });
    only(await post('carrier', id, 'cashondelivery', {}), '3.1', 400, 'collected');
    only(await post('consignee', id, 'cashondelivery', { collected: true }), '1.4', 403);
    expect((await transfers.read('carrier', id)).allowedActions).toContain('RECORD_CASH_ON_DELIVERY');
    status(await post('carrier', id, 'cashondelivery', { collected: false }), 201);
    const reply = await post('carrier', id, 'cashondelivery', { collected: true, amount: 1250, currency: 'EUR', reference: 'R-4711' });
    status(reply, 201);
    expect(reply.body.cashOnDelivery).toMatchObject({
      collected: true,
      amount: 1250,
      currency: 'EUR',
      reference: 'R-4711',
      recordedBy: { role: 'CARRIER' },
      commitId: reply.body.previousCommits[0],
    });
  });

  it('the receipt after the collection (4.18 before), as JSON with the taking-over reservations and as PGP', async () => {
    const id = await transfers.create({ subsequentCarriers: undefined });
    only(await api.get(`/api/freightdocuments/${id}/receipt`, { bearer: cast.consignor.token }), '4.18', 409);
    only(await api.get(`/api/freightdocuments/${id}/receipt/pdf`, { bearer: cast.consignor.token }), '4.18', 409);
    const reservation = await reserve('carrier', id, { stage: 'TAKING_OVER', kind: 'MARKS' });
    status(await transfers.own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER', place: 'Rotterdam' }), 201);
    status(await transfers.own('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' }), 201);
    const reply = await api.get(`/api/freightdocuments/${id}/receipt`, { bearer: cast.consignor.token });
    status(reply, 200);
    const document = await transfers.read('consignor', id);
    expect(reply.body).toMatchObject({
      serviceNumber: document.serviceNumber,
      verificationUrl: document.verificationUrl,
      takenOverAt: expect.stringMatching(/Z$/),
      place: 'Rotterdam',
      carrier: expect.objectContaining({ name: 'Fast Trucks' }),
      licensePlates: [],
      reservations: [
        expect.objectContaining({
          commentId: reservation.body.commentId,
          kind: 'MARKS',
          accepted: true,
          acceptedBy: expect.objectContaining({ role: 'CONSIGNOR' }),
        }),
      ],
    });
    const signed = await api.get(`/api/freightdocuments/${id}/receipt`, {
      bearer: cast.consignor.token,
      headers: { Accept: 'application/vnd.freightdocument.v1+pgp-signature' },
    });
    status(signed, 200);
    expect(signed.text).toContain('-----BEGIN PGP SIGNED MESSAGE-----');
    expect(signed.text).toContain(`"serviceNumber":"${document.serviceNumber}"`);
    // Issue 35: the same forms at their own paths (one media type per operation).
    const signedByPath = await api.get(`/api/freightdocuments/${id}/receipt/pgp`, { bearer: cast.consignor.token });
    status(signedByPath, 200);
    expect(signedByPath.headers.get('content-type')).toBe('application/vnd.freightdocument.v1+pgp-signature');
    expect(signedByPath.text).toContain(`"serviceNumber":"${document.serviceNumber}"`);
    const pdfByPath = await fetch(`${api.target.baseUrl}/api/freightdocuments/${id}/receipt/pdf`, {
      headers: { Authorization: `Bearer ${cast.consignor.token}`, 'Accept-Language': 'en' },
    });
    expect(pdfByPath.status).toBe(200);
    expect(pdfByPath.headers.get('content-type')).toBe('application/pdf');
    expect(pdfByPath.headers.get('content-disposition')).toContain(`CMR-${document.serviceNumber}-receipt.pdf`);

    // The PDF prints box 18's reservation as accepted, box 24's "No reservations", and the procedures' address.
    const text = await pdfTextOf(id);
    expect(text).toContain('MARKS noted');
    expect(text).toContain('accepted by');
    expect(text).toContain('No reservations');
    expect(text).toContain('/procedures');

    // The receipt as PDF, rendered on the same worker pool: the taking over and its accepted reservation, in the asked language.
    const receiptPdf = await fetch(`${api.target.baseUrl}/api/freightdocuments/${id}/receipt`, {
      headers: { Authorization: `Bearer ${cast.consignor.token}`, Accept: 'application/pdf', 'Accept-Language': 'de' },
    });
    expect(receiptPdf.status).toBe(200);
    expect(receiptPdf.headers.get('content-type')).toBe('application/pdf');
    const receiptText = execFileSync('pdftotext', ['-nodiag', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(await receiptPdf.arrayBuffer()) })
      .toString('utf8')
      .replace(/\s+/g, ' ');
    expect(receiptText).toContain('Empfangsbestätigung für den Absender');
    expect(receiptText).toContain(document.serviceNumber);
    expect(receiptText).toContain('Rotterdam');
    expect(receiptText).toContain('Fast Trucks');
    expect(receiptText).toContain('Zeichen und Nummern: MARKS noted');
    expect(receiptText).toMatch(/anerkannt \(CONSIGNOR, \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)/);
  });
});

describe('replacement by paper', () => {
  it('by the submitter or the carrier side while ISSUED or TRANSIT; every later change is 4.63', async () => {
    const id = await inTransit();
    only(await post('consignee', id, 'replacebypaper', { reason: 'x' }), '1.4', 403);
    only(await post('carrier', id, 'replacebypaper', {}), '3.1', 400, 'reason');
    const reply = await post('carrier', id, 'replacebypaper', { reason: 'Tablet broken at the border' });
    status(reply, 200);
    expect(reply.body.replacedByPaper).toEqual({ at: expect.stringMatching(/Z$/), byRole: 'CARRIER', reason: 'Tablet broken at the border' });
    expect(reply.body.allowedActions.filter((action: string) => !['DELEGATE', 'SUBSCRIBE'].includes(action))).toEqual([]);

    only(await post('carrier', id, 'replacebypaper', { reason: 'again' }), '4.63', 409);
    only(await transfers.comment('carrier', id, { text: 'After' }), '4.63', 409);
    only(await reserve('consignee', id, { stage: 'DELIVERY', kind: 'DAMAGE' }), '4.63', 409);
    only(await post('consignor', id, 'instructions', { kind: 'STOP', text: 'Stop' }), '4.63', 409);
    only(await post('carrier', id, 'impediments', { kind: 'DELIVERY_PREVENTED', text: 'x' }), '4.63', 409);
    only(await transfers.own('carrier', id, { action: 'DELIVERY', ownRole: 'CARRIER' }), '4.63', 409);
    only(await transfers.update('carrier', id, { newFreightDocumentStatus: 'DELIVERED' }), '4.63', 409);
    only(await transfers.call('carrier', 'PATCH', id, 'estimatedtimes', { estimatedDateTimeOfDelivery: '2030-01-01T00:00:00Z' }), '4.63', 409);
    const done = await delivered();
    only(await post('submitter', done, 'replacebypaper', { reason: 'late' }), '4.18', 409);
  });
});

/** Every commit's served content hashes to its contentHash, and the records roots fold from the records served (docs/guides/verify-a-document.md). */
async function expectContentsRecompute(member: Member, document: any) {
  const sha = (value: unknown) => crypto.createHash('sha256').update(canonicalize(value)!).digest('hex');
  const roots = new Map<string, string>();
  for (const update of document.updates) {
    const reply = await api.get(`/api/freightdocuments/${document.freightDocumentId}/commits/${update.commitId}`, { bearer: cast[member].token });
    status(reply, 200);
    const { content, addedRecords, contentHash } = reply.body;
    expect(contentHash).toBe(update.contentHash);
    expect(sha(content), update.changeType).toBe(contentHash);
    for (const entry of addedRecords) expect(sha(entry.record)).toBe(entry.digest);
    const root = sha({
      parents: update.previousCommits.map((parent: string) => roots.get(parent)).sort(),
      records: addedRecords
        .filter((entry: any) => entry.kind !== 'PART')
        .map((entry: any) => entry.digest)
        .sort(),
    });
    expect(content.records, update.changeType).toBe(root);
    roots.set(update.commitId, root);
  }
}

describe('what an approval accepts, and withdrawing a reservation (contract §14)', () => {
  it('the author withdraws before the counter party answered (200), another caller 1.4, after the approval 4.60; box 18 leaves it out', async () => {
    const id = await transfers.create({ subsequentCarriers: undefined });
    const path = `/withdrawal-${crypto.randomUUID()}`;
    const subscribed = await api.post(`/api/freightdocuments/${id}/subscriptions`, { bearer: cast.submitter.token, json: { callbackUrl: receiver.url(path) } });
    status(subscribed, 201);
    receiver.secretFor(path, subscribed.body.signingSecret);
    const mistaken = await transfers.comment('carrier', id, { text: 'Shortage of two cartons', reservation: { stage: 'TAKING_OVER', kind: 'SHORTAGE' } });
    status(mistaken, 201);
    const kept = await transfers.comment('carrier', id, { text: 'Torn wrap on pallet 3', reservation: { stage: 'TAKING_OVER', kind: 'PACKAGING' } });
    status(kept, 201);
    const withdraw = (member: Member, commentId: string) => post(member, id, `comments/${commentId}/withdrawal`, {});

    only(await withdraw('consignor', mistaken.body.commentId), '1.4', 403);
    only(await withdraw('carrier', crypto.randomUUID()), '4.1', 404, 'commentId');
    const withdrawn = await withdraw('carrier', mistaken.body.commentId);
    status(withdrawn, 200);
    expect(withdrawn.body.comments.find((comment: any) => comment.commentId === mistaken.body.commentId).reservation).toMatchObject({
      stage: 'TAKING_OVER',
      kind: 'SHORTAGE',
      withdrawn: { at: expect.stringMatching(/Z$/), by: { accountNumber: cast.carrier.accountNumber, name: cast.carrier.name } },
    });
    expect(withdrawn.body.updates.at(-1).changeType).toBe('RESERVATION_WITHDRAWAL');
    only(await withdraw('carrier', mistaken.body.commentId), '4.60', 409);
    // Two reservations and one withdrawal: three deliveries, each with the event RESERVATION and the unchanged status.
    const received = await receiver.waitFor(path, 3);
    expect(received.map((request) => JSON.parse(request.body))).toEqual(Array(3).fill({ freightDocumentId: id, status: 'ISSUED', event: 'RESERVATION' }));

    status(await transfers.own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' }), 201);
    const collected = await transfers.own('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' });
    status(collected, 201);
    expect(collected.body.approvals.find((approval: any) => approval.side === 'COUNTER_PARTY')).toMatchObject({
      acceptedReservations: [kept.body.commentId],
      unseenReservations: [],
    });
    only(await withdraw('carrier', kept.body.commentId), '4.60', 409);

    const text = await pdfTextOf(id);
    // Box 18 (before box 19's label) holds the kept reservation, accepted, and not the withdrawn one; the annex lists that one.
    const box18 = text.slice(text.indexOf("Carrier's reservations and observations"), text.indexOf('Special agreements'));
    expect(box18).toContain('Torn wrap on pallet 3');
    expect(box18).toContain('accepted by');
    expect(box18).not.toContain('Shortage of two cartons');
    const annex = text.slice(text.indexOf('Withdrawn reservations'));
    expect(annex).toContain('Shortage of two cartons');
    expect(annex).toContain(`withdrawn by ${cast.carrier.name}`);

    const document = await transfers.read('consignor', id);
    expectChainRecomputes(document);
    await expectContentsRecompute('consignor', document);
    expectError(await api.get(`/api/freightdocuments/${id}/commits/${'0'.repeat(64)}`, { bearer: cast.consignor.token }), 404, '4.1', 'commitId');
    expectError(await api.get(`/api/freightdocuments/${id}/commits/${document.updates[0].commitId}`, { bearer: cast.outsider.token }), 404, '4.47');
    expect(await verificationPage(document)).toContain('Reservation withdrawn');
  });

  it('a reservation added after the heads a counter party saw is not accepted by its approval: unseenReservations', async () => {
    const id = await inTransit();
    const onPage = await reserve('consignee', id, { stage: 'DELIVERY', kind: 'DAMAGE' });
    status(onPage, 201);
    const shown = await transfers.heads(id);
    const added = await reserve('carrier', id, { stage: 'DELIVERY', kind: 'OTHER' });
    status(added, 201);
    status(await transfers.own('carrier', id, { action: 'DELIVERY', ownRole: 'CARRIER' }), 201);
    const approved = await transfers.own('consignee', id, { action: 'DELIVERY', ownRole: 'CONSIGNEE', previousCommits: shown });
    status(approved, 201);
    expect(approved.body.approvals.find((approval: any) => approval.side === 'COUNTER_PARTY')).toMatchObject({
      acceptedReservations: [onPage.body.commentId],
      unseenReservations: [added.body.commentId],
    });
  });
});

describe('events, webhooks and the chain', () => {
  it('each legal event is a commit in `updates` and a delivery with the unchanged status and its `event`; plain comments send nothing', async () => {
    const id = await inTransit({ reimbursementAmount: 10, reimbursementCurrency: 'EUR' });
    const path = `/legal-${crypto.randomUUID()}`;
    const subscribed = await api.post(`/api/freightdocuments/${id}/subscriptions`, { bearer: cast.submitter.token, json: { callbackUrl: receiver.url(path) } });
    status(subscribed, 201);
    receiver.secretFor(path, subscribed.body.signingSecret);

    status(await transfers.comment('carrier', id, { text: 'Plain' }), 201);
    status(await reserve('consignee', id, { stage: 'DELIVERY', kind: 'COUNT' }), 201);
    const given = await post('consignor', id, 'instructions', { kind: 'OTHER', text: 'Ring the bell' });
    status(given, 201);
    status(await post('carrier', id, `instructions/${given.body.instructions[0].instructionId}/response`, { accepted: true }), 200);
    status(await post('carrier', id, 'impediments', { kind: 'DELIVERY_PREVENTED', text: 'Gate closed' }), 201);
    status(await post('carrier', id, 'cashondelivery', { collected: true, amount: 10, currency: 'EUR' }), 201);
    status(await post('submitter', id, 'replacebypaper', { reason: 'Paper from here on' }), 200);

    const events = ['RESERVATION', 'INSTRUCTION', 'INSTRUCTION_RESPONSE', 'IMPEDIMENT', 'CASH_ON_DELIVERY', 'REPLACED_BY_PAPER'];
    const received = await receiver.waitFor(path, events.length);
    expect(received.every((request) => request.verified)).toBe(true);
    // Deliveries run side by side: compared in the order of the events, not of their arrival.
    const bodies = received.map((request) => JSON.parse(request.body)).sort((a, b) => events.indexOf(a.event) - events.indexOf(b.event));
    expect(bodies).toEqual(events.map((event) => ({ freightDocumentId: id, status: 'TRANSIT', event })));
    const log = await api.get(`/api/freightdocuments/${id}/subscriptions/${subscribed.body.subscriptionId}/deliveries`, { bearer: cast.submitter.token });
    status(log, 200);
    expect(log.body.deliveries.map((delivery: any) => delivery.event.event).sort()).toEqual([...events].sort());

    const document = await transfers.read('submitter', id);
    expect(document.updates.map((update: any) => update.changeType).slice(-7)).toEqual(['COMMENT', ...events]);
    expect(document.updates.slice(-6).every((update: any) => update.newFreightDocumentStatus === null)).toBe(true);
    expectChainRecomputes(document);
    // The verification page lists the events with their times, and the replacement.
    const page = await verificationPage(document);
    for (const name of [
      'Reservation',
      'Instruction of the right of disposal',
      'Answer to an instruction',
      'Impediment',
      'Cash on delivery',
      'Replaced by paper',
    ]) {
      expect(page).toContain(name);
    }
    expect(page).toContain('Replaced by a paper consignment note on');
  });

  it('GET /procedures needs no account and states the procedures of this deployment', async () => {
    const reply = await api.get('/api/procedures');
    status(reply, 200);
    expect(reply.body).toMatchObject({
      url: expect.stringMatching(/\/procedures$/),
      environment: 'partner',
      legallyValid: false,
      signingMethods: ['OWN', 'TFA', 'SIGN_ON_GLASS'],
    });
    for (const topic of ['issuing', 'delivery', 'integrity', 'entitlement', 'deliveryConfirmation', 'amendments', 'replacementByPaper']) {
      expect(reply.body.procedures[topic].length).toBeGreaterThan(20);
    }
    // The page of the same statement, in the reader's language.
    const page = await fetch(`${api.target.baseUrl}/procedures`, { headers: { 'Accept-Language': 'de' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Verfahren dieses Dienstes');
    expect(html).toContain('Partnerumgebung');
  });
});

describe('the same operations over tRPC (portal and tablet)', () => {
  it('an instruction given and answered, and the receipt, as signed-in sessions call them', async () => {
    const consignor = await signedInSession(api, cast.consignor.email, cast.consignor.password);
    const carrier = await signedInSession(api, cast.carrier.email, cast.carrier.password);
    const id = await inTransit();
    const given = await consignor.trpcMutation('legalEvents.giveInstruction', {
      freightDocumentId: id,
      idempotencyKey: `give-${id}`,
      body: { kind: 'STOP', text: 'Hold at the depot', previousCommits: await transfers.heads(id) },
    });
    expect(given.status, given.text).toBe(200);
    const instruction = given.body.result.data.instructions[0];
    const answered = await carrier.trpcMutation('legalEvents.answerInstruction', {
      freightDocumentId: id,
      instructionId: instruction.instructionId,
      body: { accepted: true, previousCommits: await transfers.heads(id) },
    });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body.result.data.instructions[0].response).toMatchObject({ accepted: true, answeredBy: { role: 'CARRIER' } });
    const refused = await carrier.trpcMutation('legalEvents.answerInstruction', {
      freightDocumentId: id,
      instructionId: instruction.instructionId,
      body: { accepted: true, previousCommits: await transfers.heads(id) },
    });
    expect(refused.body.error.data.errors).toEqual([expect.objectContaining({ code: '4.62' })]);
    const receipt = await consignor.trpcQuery('legalEvents.receipt', { freightDocumentId: id });
    expect(receipt.status, receipt.text).toBe(200);
    expect(receipt.body.result.data).toMatchObject({ serviceNumber: given.body.result.data.serviceNumber, reservations: [] });
  });

  it('a reservation withdrawn as the tablet’s outbox sends it: never under another account’s stamp (401 1.8), then 200 and 4.60', async () => {
    const carrier = await signedInSession(api, cast.carrier.email, cast.carrier.password);
    const id = await transfers.create({ subsequentCarriers: undefined });
    const reservation = await transfers.comment('carrier', id, { text: 'Two cartons wet', reservation: { stage: 'TAKING_OVER', kind: 'DAMAGE' } });
    status(reservation, 201);
    const withdraw = async (key: string, outboxAccountId?: string) =>
      carrier.trpcMutation('legalEvents.withdrawReservation', {
        freightDocumentId: id,
        idempotencyKey: `${key}-${id}`,
        ...(outboxAccountId ? { outboxAccountId } : {}),
        body: { commentId: reservation.body.commentId, previousCommits: await transfers.heads(id) },
      });
    const foreign = await withdraw('foreign', crypto.randomUUID());
    expect(foreign.status, foreign.text).toBe(401);
    expect(foreign.body.error.data.errors).toEqual([expect.objectContaining({ code: '1.8' })]);
    const withdrawn = await withdraw('mine');
    expect(withdrawn.status, withdrawn.text).toBe(200);
    const comment = withdrawn.body.result.data.comments.find((candidate: any) => candidate.commentId === reservation.body.commentId);
    expect(comment.reservation.withdrawn.by).toMatchObject({ accountNumber: cast.carrier.accountNumber });
    const again = await withdraw('again');
    expect(again.body.error.data.errors).toEqual([expect.objectContaining({ code: '4.60' })]);
  });
});
