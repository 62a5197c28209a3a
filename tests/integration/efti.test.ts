/**
 * Contract §15 over HTTP: the eFTI platform interface against a stand-in gate (tests/support/efti-gate.ts). A document
 * with structured goods (a dangerous-goods line, a weight in pounds), a truck and a trailer is issued, taken over and
 * delivered: the gate receives the identifier upload after the issue, the plate change and each completion (each valid
 * against consignment-identifier.xsd); its reads of EU03, `identifier` and `full` are valid against
 * consignment-common.xsd, carry the document's values and are audited with the gate's request id; a follow-up is shown,
 * e-mailed and delivered as a webhook; refusals of reads and follow-ups (1.1, 1.6, 2.1, 2.6, 3.9, 4.47) and the readiness of a sparse draft. Without
 * the settings the routes do not exist (the shared server runs without them).
 * Runs on a server of its own, whose gate and webhook receiver listen on 127.0.0.1. @backends every (uploads are jobs
 * of the queue, audited reads rows of their own).
 */
import { execFileSync } from 'node:child_process';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { startStandInGate, type StandInGate } from '../support/efti-gate';
import { validateEftiXml } from '../support/efti-xsd';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { validBody } from './documents-support';
import { Driver, expectError, serverTarget, sharedDriver, startOwnServer, type Client, type Reply } from './driver';
import { compareWithDocument, routeFolders } from './route-tree';
import { createCast, Transfers, type Cast } from './transfers-support';

const GATE_EXPECTS = { username: 'platform-acme', password: 'platform secret 1' };
const GATE_SENDS = { username: 'gate-borduria', password: 'gate secret 2' };

let server: RunningServer;
let gate: StandInGate;
let receiver: WebhookReceiver;
let api: Driver;
let client: Client;
let cast: Cast;
let transfers: Transfers;

beforeAll(async () => {
  gate = await startStandInGate({ expects: GATE_EXPECTS, sends: GATE_SENDS, platformUrl: () => server.baseUrl });
  receiver = await startWebhookReceiver();
  server = await startOwnServer('efti', {
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    EFTI_GATE_URL: gate.url,
    EFTI_GATE_ID: 'borduria',
    EFTI_PLATFORM_ID: 'acme',
    EFTI_GATE_USERNAME: GATE_EXPECTS.username,
    EFTI_GATE_PASSWORD: GATE_EXPECTS.password,
    EFTI_INBOUND_USERNAME: GATE_SENDS.username,
    EFTI_INBOUND_PASSWORD: GATE_SENDS.password,
    EFTI_RETRY_DELAYS_MS: '200,200',
  });
  api = new Driver(serverTarget(server));
  client = await api.createClient({ name: 'eFTI tests' });
  cast = await createCast(api, client);
  transfers = new Transfers(api, cast);
}, 240_000);

afterAll(async () => {
  await server?.dispose();
  await gate?.close();
  await receiver?.close();
});

const status = (reply: Reply, expected: number) => expect(reply.status, reply.text).toBe(expected);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => ['mainCarriageTransportMovement', 'usedTransportEquipment', 'includedConsignmentItem', 'transportPackage'].includes(name),
});
const address = (name: string, countryCode: string, cityName: string) => ({
  name,
  streetName: 'Kade',
  buildingNumber: '12',
  postalCode: '3011 AA',
  cityName,
  countryCode,
});

function eftiBody(overrides: Record<string, unknown> = {}) {
  return validBody({
    status: 'ISSUED',
    consignor: { ...address('Acme Shipping', 'NLD', 'Rotterdam'), submittedAccountNumber: cast.consignor.accountNumber },
    consignee: { ...address('Beta Foods', 'DEU', 'Köln'), submittedAccountNumber: cast.consignee.accountNumber },
    carrier: { ...address('Fast Trucks', 'BEL', 'Antwerpen'), taxRegistrationId: 'BE0123456789', submittedAccountNumber: cast.carrier.accountNumber },
    placeOfDelivery: address('Warehouse Köln', 'DEU', 'Köln'),
    agreedDateTimeOfTakingOver: '2026-12-01T08:00:00Z',
    goods: undefined,
    structuredGoods: [
      {
        name: 'Paint',
        natureOfGoods: 'flammable',
        numberOfPackages: 4,
        weight: 1000,
        weightUnit: 'POUND',
        marksAndNumbers: 'ACME 1-4',
        dangerousGoods: { unNumber: '1263', properShippingName: 'PAINT' },
      },
      { name: 'Brushes', numberOfPackages: 2, weight: 1.5, weightUnit: 'TONNE' },
    ],
    ...overrides,
  });
}

async function created(body: Record<string, unknown>) {
  const reply = await api.post('/api/freightdocuments', { bearer: cast.submitter.token, json: body });
  status(reply, 201);
  const id = reply.body.freightDocumentId as string;
  return { id, document: await transfers.read('submitter', id) };
}

/** A mail to `address` whose text contains `needle`, waiting for it (15 s per further mail at most). */
async function mailContaining(address: string, needle: string) {
  for (let count = 1; ; count += 1) {
    const mails = await api.mailsTo(address, count);
    const found = mails.find((mail) => mail.text?.includes(needle));
    if (found) return found;
    count = Math.max(count, mails.length);
  }
}

const approve = (member: 'carrier' | 'consignor' | 'consignee', id: string, action: string, ownRole: string) => transfers.own(member, id, { action, ownRole });

describe('eFTI platform interface (contract §15)', () => {
  let id: string;
  let datasetId: string;

  it('uploads the identifiers after the issue, the plate change and each completion; every upload validates', async () => {
    const { id: created_, document } = await created(eftiBody());
    id = created_;
    expect(document.efti).toEqual({
      datasetId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      gateId: 'borduria',
      platformId: 'acme',
      uil: `borduria/acme/${document.efti.datasetId}`,
      accessCount: 0,
    });
    datasetId = document.efti.datasetId;
    expect(document.carrier.taxRegistrationId).toBe('BE0123456789');
    expect(document.structuredGoods[0]).toMatchObject({ marksAndNumbers: 'ACME 1-4', dangerousGoods: { unNumber: '1263', properShippingName: 'PAINT' } });

    await gate.waitForUploads(datasetId, 1);
    const noCountry = await transfers.plates('carrier', id, { roleId: document.carrier.roleId, licensePlates: [{ licensePlate: 'AB-123-C', type: 'TRUCK' }] });
    expectError(noCountry, 400, '3.1', 'licensePlates[0].countryCode');
    status(
      await transfers.plates('carrier', id, {
        roleId: document.carrier.roleId,
        licensePlates: [
          { licensePlate: 'AB-123-C', countryCode: 'BEL', type: 'TRUCK' },
          { licensePlate: 'TR-9', countryCode: 'NLD', type: 'TRAILER' },
        ],
      }),
      200,
    );
    const afterPlates = await gate.waitForUploads(datasetId, 2);
    status(await approve('carrier', id, 'COLLECTION', 'CARRIER'), 201);
    status(await approve('consignor', id, 'COLLECTION', 'CONSIGNOR'), 201);
    await gate.waitForUploads(datasetId, 3);
    status(await approve('carrier', id, 'DELIVERY', 'CARRIER'), 201);
    status(await approve('consignee', id, 'DELIVERY', 'CONSIGNEE'), 201);
    const uploads = await gate.waitForUploads(datasetId, 4);

    for (const upload of uploads) {
      expect(upload.contentType).toBe('application/xml');
      expect(validateEftiXml(upload.body, 'identifier')).toEqual({ valid: true, errors: '' });
    }
    expect(parser.parse(afterPlates[1]!.body).consignment.mainCarriageTransportMovement[0].usedTransportMeans).toEqual({
      id: 'AB-123-C',
      registrationCountry: { code: 'BE' },
    });
    const last = parser.parse(uploads[3]!.body).consignment;
    expect(last['@xmlns']).toBe('http://efti.eu/v1/consignment/identifier');
    expect(last.deliveryEvent.actualOccurrenceDateTime['@formatId']).toBe('205');
    expect(last.usedTransportEquipment).toEqual([{ categoryCode: 'TE', id: 'TR-9', registrationCountry: { code: 'NL' }, sequenceNumber: '1' }]);

    const log = await api.get(`/api/freightdocuments/${id}/efti`, { bearer: cast.carrier.token });
    status(log, 200);
    expect(log.body.uploads.map((upload: { reason: string }) => upload.reason)).toEqual(['DELIVERY', 'COLLECTION', 'LICENSE_PLATES', 'ISSUED']);
    expect(log.body.uploads.every((upload: { state: string; attempts: unknown[] }) => upload.state === 'SUCCEEDED' && upload.attempts.length === 1)).toBe(true);
  }, 120_000);

  it("answers the gate's reads with valid XML holding the document's values, and audits each with the request id", async () => {
    const reads: Record<string, any> = {};
    for (const subset of ['EU03', 'identifier', 'full']) {
      const reply = await gate.read(datasetId, [subset], { requestId: `req-${subset}` });
      status(reply, 200);
      expect(reply.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(validateEftiXml(reply.text, 'common')).toEqual({ valid: true, errors: '' });
      reads[subset] = parser.parse(reply.text).consignment;
    }
    const eu03 = reads.EU03;
    expect(eu03['@xmlns']).toBe('http://efti.eu/v1/consignment/common');
    expect(eu03.carrier.name).toBe('Fast Trucks');
    expect(eu03.carrier.postalAddress).toEqual({ buildingNumber: '12', cityName: 'Antwerpen', countryCode: 'BE', postcode: '3011 AA', streetName: 'Kade' });
    expect(eu03.consignee.postalAddress.countryCode).toBe('DE');
    expect(eu03.consignor.confirmedDocumentAuthentication).toEqual({ statementCode: 'OWN' });
    expect(eu03.carrierAcceptanceDateTime['@formatId']).toBe('205');
    expect(eu03.carrierAcceptanceDateTime['#text']).toMatch(/^\d{12}\+0000$/);
    // 1000 lb × 0.45359237 + 1.5 t = 453.592 + 1500 kg.
    expect(eu03.grossWeight).toEqual({ '#text': '1953.592', '@unitId': 'KGM' });
    expect(eu03.includedConsignmentItem).toEqual([{ transportDangerousGoods: { properShippingName: 'PAINT', uNDGID: '1263' } }]);
    expect(eu03.mainCarriageTransportMovement).toEqual([{ usedTransportMeans: { id: 'AB-123-C', registrationCountry: { code: 'BE' }, typeCode: '31' } }]);
    expect(eu03.usedTransportEquipment).toEqual([{ categoryCode: 'TE', id: 'TR-9', registrationCountry: { code: 'NL' } }]);
    expect(eu03.transportPackage[0]).toEqual({ itemQuantity: '4', shippingMarks: { markingText: 'ACME 1-4' } });
    expect(reads.identifier.mainCarriageTransportMovement[0]).toEqual({
      dangerousGoodsIndicator: 'true',
      modeCode: '3',
      usedTransportMeans: { id: 'AB-123-C', registrationCountry: { code: 'BE' } },
    });
    expect(reads.full.carrier.taxRegistration).toEqual({ id: 'BE0123456789' });
    expect(reads.full.transportContractDocument.typeCode).toBe('730');

    const document = await transfers.read('consignee', id);
    expect(document.efti.accessCount).toBe(3);
    const gateReads = document.accesses.filter((access: { type: string }) => access.type === 'EFTI_GATE_READ');
    expect(gateReads.map((access: { requestId: string }) => access.requestId)).toEqual(['req-EU03', 'req-identifier', 'req-full']);
    expect(gateReads[0]).toMatchObject({ subsets: ['EU03'], httpStatus: 200, responseSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // The verification page counts the reads; the PDF prints the UIL (also as a second QR code) and the new fields.
    const page = await fetch(document.verificationUrl.replace(/^https?:\/\/[^/]+/, server.baseUrl));
    expect(await page.text()).toMatch(/data-testid="verify-access-count"[^>]*>3</);
    const pdf = await fetch(`${server.baseUrl}/api/freightdocuments/${id}`, {
      headers: { Authorization: `Bearer ${cast.carrier.token}`, Accept: 'application/pdf' },
    });
    expect(pdf.status).toBe(200);
    const text = execFileSync('pdftotext', ['-nodiag', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(await pdf.arrayBuffer()) })
      .toString('utf8')
      .replace(/\s+/g, ' ');
    expect(text).toContain(`borduria/acme/${datasetId}`);
    expect(text).toContain('UN 1263 PAINT');
    expect(text).toContain('ACME 1-4');
    expect(text).toContain('BE0123456789');
  }, 60_000);

  it('refuses: no credentials 1.1, wrong ones 1.6, no subsetId 2.1, an unknown subset 3.9, an unknown data set or a draft 4.47', async () => {
    const none = await gate.read(datasetId, ['EU03'], { credentials: null });
    expectError({ ...none, status: none.status } as Reply, 401, '1.1');
    const wrong = await gate.read(datasetId, ['EU03'], { credentials: { username: GATE_SENDS.username, password: 'guess' } });
    expectError(wrong as Reply, 401, '1.6');
    expect(wrong.headers.get('www-authenticate')).toBe('Basic realm="efti"');
    // The follow-up is behind the same gate, and answers only the gate's media types.
    expectError((await gate.followUp(datasetId, 'Hello', { credentials: null })) as Reply, 401, '1.1');
    expectError((await gate.followUp(datasetId, 'Hello', { credentials: { username: GATE_SENDS.username, password: 'guess' } })) as Reply, 401, '1.6');
    expectError((await gate.followUp(datasetId, 'Hello', { headers: { Accept: 'text/csv' } })) as Reply, 406, '2.6');
    // The status is for the document's role holders: a document the caller holds no role in does not exist for them.
    expectError(await api.get(`/api/freightdocuments/${id}/efti`, { bearer: cast.outsider.token }), 404, '4.47');
    expectError((await gate.read(datasetId, [], { requestId: 'no-subset' })) as Reply, 400, '2.1', 'subsetId');
    expectError((await gate.read(datasetId, ['EU03', 'EU99'], { requestId: 'bad-subset' })) as Reply, 400, '3.9', 'subsetId');
    expectError((await gate.read('6f1c1a52-0000-4000-8000-000000000000', ['EU03'])) as Reply, 404, '4.47');
    const draft = await created(eftiBody({ status: 'DRAFT' }));
    expectError((await gate.read(draft.document.efti.datasetId, ['EU03'], { requestId: 'draft-read' })) as Reply, 404, '4.47');
    expectError((await gate.followUp(draft.document.efti.datasetId, 'Hello', { requestId: 'draft-follow-up' })) as Reply, 404, '4.47');
    // Whatever the answer, an authenticated request naming a document is audited.
    const refusedReads = (await transfers.read('submitter', draft.id)).accesses;
    expect(refusedReads.map((access: { requestId: string; httpStatus: number }) => [access.requestId, access.httpStatus])).toEqual([
      ['draft-read', 404],
      ['draft-follow-up', 404],
    ]);
    const audited = (await transfers.read('submitter', id)).accesses.map((access: { requestId: string; httpStatus: number }) => [
      access.requestId,
      access.httpStatus,
    ]);
    expect(audited).toEqual(
      expect.arrayContaining([
        ['no-subset', 400],
        ['bad-subset', 400],
      ]),
    );
    expect(audited).not.toContainEqual([null, 401]);
  }, 60_000);

  it('a follow-up is shown, e-mailed to the role holders and delivered to subscribers with event EFTI_FOLLOW_UP', async () => {
    const path = '/efti-follow-up';
    const subscribed = await api.post(`/api/freightdocuments/${id}/subscriptions`, { bearer: cast.consignee.token, json: { callbackUrl: receiver.url(path) } });
    status(subscribed, 201);
    receiver.secretFor(path, subscribed.body.signingSecret);
    const text = 'Roadside check at A1 km 12: please send the ADR certificate of the driver.';
    expectError((await gate.followUp(datasetId, 'x'.repeat(10_001))) as Reply, 400, '3.2', 'body');
    expectError((await gate.followUp(datasetId, text, { contentType: 'application/json' })) as Reply, 415, '2.6');
    const reply = await gate.followUp(datasetId, text, { requestId: 'follow-up-1' });
    status(reply, 204);

    const [delivery] = await receiver.waitFor(path, 1);
    expect(JSON.parse(delivery!.body)).toEqual({ freightDocumentId: id, status: 'DELIVERED', event: 'EFTI_FOLLOW_UP' });
    expect(delivery!.verified).toBe(true);
    for (const member of ['consignor', 'consignee', 'carrier'] as const)
      expect((await mailContaining(cast[member].email, text)).subject).toContain('authority');
    const followUps = (await transfers.read('carrier', id)).accesses.filter((access: { type: string }) => access.type === 'EFTI_FOLLOW_UP');
    // The refused ones are audited too, without their text.
    expect(followUps.map((access: { httpStatus: number; message?: string }) => [access.httpStatus, access.message])).toEqual([
      [400, undefined],
      [415, undefined],
      [204, text],
    ]);
    expect(followUps[2]).toMatchObject({ requestId: 'follow-up-1', subsets: [] });
    const log = await api.get(`/api/freightdocuments/${id}/efti`, { bearer: cast.consignor.token });
    expect(log.body.accesses[0]).toMatchObject({ type: 'EFTI_FOLLOW_UP', message: text });
  }, 60_000);

  it('a failing gate is retried per EFTI_RETRY_DELAYS_MS; the log shows every attempt', async () => {
    const failing = gate.requests.length;
    gate.answerWith((count) => (count === failing + 1 ? 503 : 204));
    const { id: retried, document } = await created(eftiBody());
    await gate.waitForUploads(document.efti.datasetId, 1);
    const deadline = Date.now() + 30_000;
    let upload: any;
    do {
      upload = (await api.get(`/api/freightdocuments/${retried}/efti`, { bearer: cast.submitter.token })).body.uploads[0];
    } while (upload.state !== 'SUCCEEDED' && Date.now() < deadline);
    expect(upload.state).toBe('SUCCEEDED');
    expect(upload.attempts.map((attempt: { httpStatus?: number }) => attempt.httpStatus)).toEqual([503, 204]);
    gate.answerWith(() => 204);
  }, 60_000);

  it('readiness lists each EU03 mandatory element a sparse draft lacks; never blocks the issue', async () => {
    const { id: sparse } = await created({
      type: 'WAYBILL',
      consignor: { name: 'Sender' },
      consignee: { name: 'Receiver' },
      placeOfTakingOver: { countryCode: 'NLD' },
      goods: 'Apples',
    });
    const reply = await api.get(`/api/freightdocuments/${sparse}/efti`, { bearer: cast.submitter.token });
    status(reply, 200);
    const [eu03] = reply.body.subsets;
    expect(eu03.subsetId).toBe('EU03');
    expect(eu03.complete).toBe(false);
    expect(eu03.problems.map((problem: { path: string }) => problem.path)).toEqual(
      expect.arrayContaining([
        'carrier/name',
        'carrier/postalAddress/streetName',
        'carrierAcceptanceDateTime',
        'consignee/postalAddress/cityName',
        'consignor/confirmedDocumentAuthentication/statementCode',
        'mainCarriageTransportMovement/usedTransportMeans/id',
      ]),
    );
    expect(eu03.problems.find((problem: { path: string }) => problem.path === 'carrier/postalAddress/streetName')).toEqual({
      path: 'carrier/postalAddress/streetName',
      field: 'carrier.streetName',
      problem: 'MISSING',
    });
    expectError(await api.get(`/api/freightdocuments/${sparse}/efti?subsetId=EU02`, { bearer: cast.submitter.token }), 400, '3.9', 'subsetId');
    const identifier = await api.get(`/api/freightdocuments/${sparse}/efti?subsetId=identifier`, { bearer: cast.submitter.token });
    expect(identifier.body.subsets[0].subsetId).toBe('identifier');
    status(await api.post(`/api/freightdocuments/${sparse}/issue`, { bearer: cast.submitter.token }), 200);
  }, 60_000);
});

describe('eFTI in the reference', () => {
  it('documents every method of the eFTI routes, and nothing the server does not answer', async () => {
    const folders = routeFolders().filter((route) => route.eftiOnly);
    expect(folders.map((route) => route.folder)).toEqual([
      '/freightdocuments/[id]/efti',
      '/v0/consignments/[datasetId]',
      '/v0/consignments/[datasetId]/follow-up',
    ]);
    expect(
      await compareWithDocument(
        api,
        folders.map((route) => route.folder),
      ),
    ).toEqual({ missing: [], extra: [] });
  });
});

describe('eFTI off (no settings)', () => {
  it('its routes answer 2.2 and documents carry no efti', async () => {
    const shared = sharedDriver();
    const sharedClient = await shared.createClient({ name: 'eFTI off' });
    const account = await shared.createActiveAccount(sharedClient);
    const { access_token: token } = await shared.login(sharedClient, account);
    const reply = await shared.post('/api/freightdocuments', { bearer: token, json: validBody() });
    const freightDocumentId = reply.body.freightDocumentId;
    const document = await shared.get(`/api/freightdocuments/${freightDocumentId}`, { bearer: token });
    expect(document.body.efti).toBeUndefined();
    expectError(await shared.get(`/api/freightdocuments/${freightDocumentId}/efti`, { bearer: token }), 404, '2.2');
    expectError(await shared.get('/api/v0/consignments/6f1c1a52-0000-4000-8000-000000000000?subsetId=EU03'), 404, '2.2');
    expectError(
      await shared.post('/v1/api/v0/consignments/6f1c1a52-0000-4000-8000-000000000000/follow-up', { body: 'x', headers: { 'Content-Type': 'text/plain' } }),
      404,
      '2.2',
    );
  }, 60_000);
});
