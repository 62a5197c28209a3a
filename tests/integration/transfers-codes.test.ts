/**
 * Every code the transfer endpoints give (issue 9), each with its HTTP status and `field` exactly as contract
 * §1 says: 3.1, 3.6, 3.39, 3.45–3.49, 4.1, 4.12, 4.13, 4.16, 4.18, 4.29, 4.45, 4.50, 1.4 for a role holder
 * that is no party of the transfer, and 4.47 for a caller without a role and for any odd document id on every
 * document route.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { challengeCode, contentHash, responseCode } from '@/lib/domain/tfa';
import { PDF_BYTES, PNG_BYTES, validBody } from './documents-support';
import { expectError, sharedDriver, type Client } from './driver';
import { createCast, Transfers, type Cast } from './transfers-support';

const api = sharedDriver();
let client: Client;
let cast: Cast;
let transfers: Transfers;

beforeAll(async () => {
  client = await api.createClient({ name: 'Transfer code tests' });
  cast = await createCast(api, client);
  transfers = new Transfers(api, cast);
}, 120_000);

/** The reply is exactly one error of this code, with this field or, for `null`, with none. */
function expectOnly(reply: { status: number; text: string; body: any; headers: Headers }, status: number, code: string, field: string | null) {
  expectError(reply, status, code, field ?? undefined);
  if (field === null) expect(reply.body.errors[0]).not.toHaveProperty('field');
}

const signature = { signedOnGlassBy: { name: 'Bea' }, attachments: [{ content: PNG_BYTES.toString('base64'), originalFileName: 'sig.png' }] };

describe('approvals', () => {
  it('3.1, 4.1 and 4.50 on counterPartyRoleId; 4.50 on ownRole; 1.4 for a role holder that is no party', async () => {
    const id = await transfers.create();
    const document = await transfers.read('carrier', id);
    expectOnly(await transfers.own('carrier', id, { ownRole: 'CARRIER' }), 400, '3.1', 'action');
    expectOnly(await transfers.own('carrier', id, { action: 'PICKUP', ownRole: 'CARRIER' }), 400, '3.9', 'action');
    // Consignor and consignee never approve each other's transfer.
    expectOnly(await transfers.own('consignee', id, { action: 'COLLECTION', ownRole: 'CONSIGNEE' }), 403, '1.4', null);
    expectOnly(await transfers.own('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNEE' }), 400, '4.50', 'ownRole');
    created(await transfers.update('carrier', id, { newFreightDocumentStatus: 'TRANSIT' }));

    expectOnly(await transfers.own('carrier', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'CARRIER' }), 400, '3.1', 'counterPartyRoleId');
    expectOnly(await transfers.counterParty('carrier', id, { action: 'CARRIER_TO_CARRIER' }), 400, '3.1', 'counterPartyRoleId');
    expectOnly(
      await transfers.own('carrier', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'CARRIER', counterPartyRoleId: crypto.randomUUID() }),
      404,
      '4.1',
      'counterPartyRoleId',
    );
    expectOnly(
      await transfers.own('carrier', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'CARRIER', counterPartyRoleId: document.consignee.roleId }),
      400,
      '4.50',
      'counterPartyRoleId',
    );
  });

  it('4.50 for evidence the document does not allow, and for an own approval of a counter party where OWN is not listed', async () => {
    const id = await transfers.create({ availableSigningMethods: { collection: ['TFA'], carrierToCarrier: ['OWN'], delivery: ['SIGN_ON_GLASS'] } });
    expectOnly(await transfers.counterParty('carrier', id, { action: 'COLLECTION', evidence: signature }), 400, '4.50', 'evidence');
    expectOnly(await transfers.own('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' }), 400, '4.50', 'ownRole');
    // The carrier side always approves on its own account, and an implicit approval is always possible.
    created(await transfers.own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' }));
    created(await transfers.counterParty('carrier', id, { action: 'COLLECTION' }));
    expectOnly(
      await transfers.counterParty('carrier', id, { action: 'DELIVERY', evidence: { responseCode: '1234567890123456789012345' } }),
      400,
      '4.50',
      'evidence',
    );
  });

  it('3.6 for a response code that is malformed, wrong, or of an account that is no counter party; 3.16 with a signature too', async () => {
    const id = await transfers.create({ subsequentCarriers: undefined });
    expectOnly(await transfers.counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: '12345' } }), 400, '3.6', 'evidence.responseCode');
    const { responseCode: valid } = await transfers.responseCodeFor('carrier', 'consignor', id, (document) => document.collectionSecrets);
    const altered = `${valid.slice(0, 3)}${(Number(valid[3]) + 5) % 10}${valid.slice(4)}`;
    expectOnly(await transfers.counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: altered } }), 400, '3.6', 'evidence.responseCode');
    // The outsider's device answers the same challenge with its own secret: it holds no role of the collection.
    const shown = await transfers.read('carrier', id);
    const foreign = responseCode({
      challenge: challengeCode({
        contentHash: contentHash([], shown.serviceNumber),
        serviceNumber: shown.serviceNumber,
        s1: shown.collectionSecrets.s1,
        s3: shown.collectionSecrets.s3,
      }),
      action: 'COLLECTION',
      accountNumber: cast.outsider.accountNumber,
      s2: shown.collectionSecrets.s2,
      accountSecret: cast.outsider.accountSecret,
    });
    expectOnly(await transfers.counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: foreign } }), 400, '3.6', 'evidence.responseCode');
    expectOnly(await transfers.counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: valid, ...signature } }), 400, '3.16', 'evidence');
    created(await transfers.counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: valid } }));
  });

  it('4.18 for a transfer the status does not allow or a side that approved already', async () => {
    const id = await transfers.create();
    expectOnly(await transfers.own('carrier', id, { action: 'DELIVERY', ownRole: 'CARRIER' }), 409, '4.18', null);
    created(await transfers.own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' }));
    expectOnly(await transfers.own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' }), 409, '4.18', null);
    created(await transfers.counterParty('carrier', id, { action: 'COLLECTION' }));
    expectOnly(await transfers.own('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' }), 409, '4.18', null);
    const draft = await transfers.create({ status: 'DRAFT' });
    expectOnly(
      await transfers.own('carrier', draft, { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: ['0'.repeat(64)] }),
      409,
      '4.13',
      'previousCommits',
    );
    expectOnly(await transfers.own('carrier', draft, { action: 'COLLECTION', ownRole: 'CARRIER' }), 409, '4.18', null);
  });

  it('4.45 for an empty previousCommits, 4.13 for one not of this document, 3.1 for none', async () => {
    const id = await transfers.create();
    const other = await transfers.create();
    const foreignHead = (await transfers.heads(other))[0];
    for (const [endpoint, method, body] of [
      ['submitmyapproval', 'POST', { action: 'COLLECTION', ownRole: 'CARRIER' }],
      ['submitcounterpartyapproval', 'POST', { action: 'COLLECTION' }],
      ['updates', 'POST', { newFreightDocumentStatus: 'TRANSIT' }],
      ['comments', 'POST', { text: 'Hello' }],
      ['licenseplates', 'PATCH', { roleId: (await transfers.read('carrier', id)).carrier.roleId, licensePlates: [{ licensePlate: 'AB-1', type: 'TRUCK' }] }],
    ] as const) {
      expectOnly(await transfers.call('carrier', method, id, endpoint, { ...body, previousCommits: [] }), 409, '4.45', 'previousCommits');
      expectOnly(await transfers.call('carrier', method, id, endpoint, { ...body, previousCommits: [foreignHead] }), 409, '4.13', 'previousCommits');
      const missing = await api.request(method, `/api/freightdocuments/${id}/${endpoint}`, { bearer: cast.carrier.token, json: body });
      expectOnly(missing, 400, '3.1', 'previousCommits');
    }
  });
});

describe('status updates', () => {
  it('4.16 for DRAFT or ISSUED, 4.29 for a move the state machine does not allow, 1.4 for a carrier that does not hold the cargo', async () => {
    const id = await transfers.create();
    expectOnly(await transfers.update('carrier', id, { newFreightDocumentStatus: 'ISSUED' }), 409, '4.16', 'newFreightDocumentStatus');
    expectOnly(await transfers.update('carrier', id, { newFreightDocumentStatus: 'DRAFT' }), 409, '4.16', 'newFreightDocumentStatus');
    expectOnly(await transfers.update('carrier', id, { newFreightDocumentStatus: 'DELIVERED' }), 409, '4.29', 'newFreightDocumentStatus');
    expectOnly(await transfers.update('carrier', id, { newFreightDocumentStatus: 'CANCELLED' }), 409, '4.29', 'newFreightDocumentStatus');
    expectOnly(await transfers.update('carrier', id, { newFreightDocumentStatus: 'LOST' }), 400, '3.9', 'newFreightDocumentStatus');
    expectOnly(await transfers.update('first', id, { newFreightDocumentStatus: 'TRANSIT' }), 403, '1.4', null);
    created(await transfers.update('carrier', id, { newFreightDocumentStatus: 'TRANSIT' }));
    expectOnly(await transfers.update('carrier', id, { newFreightDocumentStatus: 'TRANSIT' }), 409, '4.29', 'newFreightDocumentStatus');
    created(await transfers.update('carrier', id, { newFreightDocumentStatus: 'DELIVERED' }));
    expectOnly(await transfers.update('carrier', id, { newFreightDocumentStatus: 'TRANSIT' }), 409, '4.29', 'newFreightDocumentStatus');
  });
});

describe('comments', () => {
  it('1.4 for other roles, 4.18 on a draft; a delivery dated before the commits it names is 3.6', async () => {
    const id = await transfers.create({ subsequentCarriers: undefined });
    expectOnly(await transfers.comment('consignee', id, { text: 'Where is it?' }), 403, '1.4', null);
    expectOnly(await transfers.comment('carrier', id, { previousCommits: await transfers.heads(id) }), 400, '3.1', 'text');
    const draft = await transfers.create({ status: 'DRAFT' });
    expectOnly(await transfers.comment('carrier', draft, { text: 'Early' }), 409, '4.18', null);
    created(await transfers.update('carrier', id, { newFreightDocumentStatus: 'TRANSIT' }));
    // A delivery cannot be dated back before the commits it names (contract §6): 15 days back is 3.6. The 14-day period
    // itself (4.12) needs a clock of the test's choosing: tests/services/transfers.test.ts.
    expectOnly(
      await transfers.update('carrier', id, { newFreightDocumentStatus: 'DELIVERED', secondsSinceCreation: 15 * 24 * 3600 }),
      400,
      '3.6',
      'secondsSinceCreation',
    );
    created(await transfers.update('carrier', id, { newFreightDocumentStatus: 'DELIVERED' }));
    created(await transfers.comment('carrier', id, { text: 'Within the period' }));
  });

  it('photo attachments are checked like all attachments', async () => {
    const id = await transfers.create();
    expectOnly(
      await transfers.comment('carrier', id, {
        text: 'Photo',
        attachments: [{ content: Buffer.from('plain text').toString('base64'), originalFileName: 'a.txt' }],
      }),
      400,
      '3.8',
      'attachments[0].mimeType',
    );
    created(await transfers.comment('carrier', id, { attachments: [{ content: PDF_BYTES.toString('base64'), originalFileName: 'cmr-scan.pdf' }] }));
  });
});

describe('license plates', () => {
  it('3.39, 3.45, 3.46, 3.47, 3.48, 3.49 and 4.1 as the specification says', async () => {
    const id = await transfers.create();
    const document = await transfers.read('carrier', id);
    const carrierRole = document.carrier.roleId;
    const plate = [{ licensePlate: 'AB-123-C', type: 'TRUCK' }];
    expectOnly(await transfers.plates('consignee', id, { roleId: document.consignee.roleId, licensePlates: plate }), 400, '3.39', null);
    expectOnly(await transfers.plates('carrier', id, { roleId: document.consignee.roleId, licensePlates: plate }), 400, '3.45', 'roleId');
    expectOnly(await transfers.plates('carrier', id, { roleId: carrierRole, licensePlates: [] }), 400, '3.46', 'licensePlates');
    expectOnly(await transfers.plates('carrier', id, { roleId: carrierRole }), 400, '3.46', 'licensePlates');
    expectOnly(await transfers.plates('carrier', id, { roleId: document.subsequentCarriers[0].roleId, licensePlates: plate }), 400, '3.48', 'roleId');
    expectOnly(await transfers.plates('carrier', id, { roleId: crypto.randomUUID(), licensePlates: plate }), 404, '4.1', 'roleId');
    expect((await transfers.plates('carrier', id, { roleId: carrierRole, licensePlates: plate })).status).toBe(200);
    expectOnly(await transfers.plates('carrier', id, { roleId: carrierRole, licensePlates: plate }), 400, '3.49', 'licensePlates');
    created(await transfers.update('carrier', id, { newFreightDocumentStatus: 'TRANSIT' }));
    created(await transfers.update('carrier', id, { newFreightDocumentStatus: 'DELIVERED' }));
    expectOnly(await transfers.plates('carrier', id, { roleId: carrierRole, licensePlates: [{ licensePlate: 'NEW-1', type: 'TRUCK' }] }), 400, '3.47', null);
    const draft = await transfers.create({ status: 'DRAFT' });
    const draftCarrier = (await transfers.read('carrier', draft)).carrier.roleId;
    expectOnly(await transfers.plates('carrier', draft, { roleId: draftCarrier, licensePlates: plate }), 400, '3.47', null);
  });
});

describe('4.47: no role, and odd document ids', () => {
  it('a caller without a role gets 4.47 from every transfer endpoint, as for a document that does not exist', async () => {
    const id = await transfers.create();
    const roleId = (await transfers.read('carrier', id)).carrier.roleId;
    const bodies = {
      submitmyapproval: { action: 'COLLECTION', ownRole: 'CARRIER' },
      submitcounterpartyapproval: { action: 'COLLECTION' },
      updates: { newFreightDocumentStatus: 'TRANSIT' },
      comments: { text: 'Hello' },
      licenseplates: { roleId, licensePlates: [{ licensePlate: 'AB-1', type: 'TRUCK' }] },
    } as const;
    const heads = await transfers.heads(id);
    for (const [endpoint, body] of Object.entries(bodies)) {
      const method = endpoint === 'licenseplates' ? 'PATCH' : 'POST';
      expectOnly(await transfers.call('outsider', method, id, endpoint, { ...body, previousCommits: heads }), 404, '4.47', null);
      expectOnly(await transfers.call('carrier', method, crypto.randomUUID(), endpoint, { ...body, previousCommits: heads }), 404, '4.47', null);
    }
  });

  it('a very long id and a non-UUID answer 4.47 on every document route, a NUL in the id 3.17 (contract §1), never 500', async () => {
    const heads = ['0'.repeat(64)];
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['PUT', '', validBody()],
      ['POST', '/issue'],
      ['POST', '/cancel'],
      ['POST', '/attachments', { type: 'GENERAL', originalFileName: 'a.pdf', content: PDF_BYTES.toString('base64') }],
      ['GET', `/attachments/${crypto.randomUUID()}`],
      ['PATCH', '/estimatedtimes', { estimatedDateTimeOfDelivery: '2026-12-24T10:00:00Z', previousCommits: heads }],
      ['PATCH', '/structuredgoods', { structuredGoods: [{ productId: 1, weight: 2 }], previousCommits: heads }],
      ['POST', '/submitmyapproval', { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: heads }],
      ['POST', '/submitcounterpartyapproval', { action: 'COLLECTION', previousCommits: heads }],
      ['POST', '/updates', { newFreightDocumentStatus: 'TRANSIT', previousCommits: heads }],
      ['POST', '/comments', { text: 'x', previousCommits: heads }],
      ['PATCH', '/licenseplates', { roleId: 'r', licensePlates: [{ licensePlate: 'AB-1', type: 'TRUCK' }], previousCommits: heads }],
    ];
    const oddIds = ['x'.repeat(2000), 'not-a-uuid', crypto.randomUUID().toUpperCase(), '%E2%80%AE', "1'%20or%20'1'='1"];
    // A NUL in any input is 3.17 (contract §1, the security issue), also in a path; never a 500.
    const nulIds = ['%00', 'a%00b'];
    for (const [odd, status, code] of [...oddIds.map((id) => [id, 404, '4.47'] as const), ...nulIds.map((id) => [id, 400, '3.17'] as const)]) {
      for (const [method, suffix, json] of routes) {
        const reply = await api.request(method, `/api/freightdocuments/${odd}${suffix}`, {
          bearer: cast.carrier.token,
          ...(json === undefined ? {} : { json }),
        });
        expect(`${method} ${suffix} ${odd.slice(0, 20)} → ${reply.status}`).toBe(`${method} ${suffix} ${odd.slice(0, 20)} → ${status}`);
        expect(reply.body.errors.map((error: { code: string }) => error.code)).toEqual([code]);
      }
    }
    // Attachments are found through their document: an odd attachment id names nothing (4.1); a NUL is 3.17.
    for (const path of [`/api/attachment/${'x'.repeat(2000)}`, `/api/attachment/${'x'.repeat(2000)}/content`]) {
      expectOnly(await api.get(path, { bearer: cast.carrier.token }), 404, '4.1', null);
    }
    for (const path of ['/api/attachment/%00', '/api/attachment/%00/content']) {
      const reply = await api.get(path, { bearer: cast.carrier.token });
      expect(reply.status).toBe(400);
      expect(reply.body.errors.map((error: { code: string }) => error.code)).toEqual(['3.17']);
    }
  });
});

function created(reply: { status: number; text: string }) {
  expect(reply.status, reply.text).toBe(201);
}
