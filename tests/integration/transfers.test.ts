/**
 * Contract §7 and §8 over HTTP (issue 9): each transfer path to DELIVERED as client systems drive it — own
 * approvals through two subsequent carriers, TFA codes with and without comments computed as the two devices
 * compute them, sign-on-glass with a sealed signature image, implicit approvals and explicit status updates —
 * and what the document then shows: approvals, comments, plates, custody and the parties' secrets.
 *
 * @blobs every: runs again against the S3 blob store (integration-s3, issue 37).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES } from './documents-support';
import { expectError, sharedDriver, type Client } from './driver';
import { createCast, Transfers, type Cast } from './transfers-support';

const api = sharedDriver();
let client: Client;
let cast: Cast;
let transfers: Transfers;

beforeAll(async () => {
  client = await api.createClient({ name: 'Transfer tests' });
  cast = await createCast(api, client);
  transfers = new Transfers(api, cast);
}, 120_000);

const created = (reply: { status: number; text: string }) => expect(reply.status, reply.text).toBe(201);

describe('own approvals through two subsequent carriers', () => {
  it('ISSUED → TRANSIT → (first) → (second) → DELIVERED, each transfer completing when both of its parties approved', async () => {
    const id = await transfers.create();
    const issued = await transfers.read('carrier', id);
    const [first, second] = issued.subsequentCarriers.map((role: { roleId: string }) => role.roleId);
    expect(issued.custody).toBeNull();

    // Made on the device two seconds ago: never dated before the commit it names (contract §6), so that one must be older.
    await transfers.lastChangeAged(id, 2);
    const carrierApproval = await transfers.own('carrier', id, {
      action: 'COLLECTION',
      ownRole: 'CARRIER',
      place: 'Rotterdam, Dock 4',
      location: { latitude: 51.9225, longitude: '4.47917' },
      secondsSinceCreation: 2,
    });
    created(carrierApproval);
    expect(carrierApproval.headers.get('location')).toBe(`/api/freightdocuments/${id}`);
    expect(carrierApproval.body.status).toBe('ISSUED');
    const collected = await transfers.own('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' });
    created(collected);
    expect(collected.body).toMatchObject({ status: 'TRANSIT', custody: { roleId: issued.carrier.roleId, role: 'CARRIER' } });

    const [carrierSide] = collected.body.approvals;
    expect(carrierSide).toEqual({
      approvalId: expect.any(String),
      type: 'OWN',
      action: 'COLLECTION',
      side: 'CARRIER',
      role: 'CARRIER',
      roleId: issued.carrier.roleId,
      fromRoleId: null,
      toRoleId: issued.carrier.roleId,
      account: {
        accountId: cast.carrier.accountId,
        accountNumber: cast.carrier.accountNumber,
        email: cast.carrier.email,
        name: cast.carrier.name,
        phoneNumber: null,
      },
      submittedBy: {
        accountId: cast.carrier.accountId,
        accountNumber: cast.carrier.accountNumber,
        email: cast.carrier.email,
        name: cast.carrier.name,
        phoneNumber: null,
      },
      place: 'Rotterdam, Dock 4',
      location: { latitude: '51.9225', longitude: '4.47917' },
      declined: false,
      remarks: null,
      acceptedReservations: [],
      unseenReservations: [],
      commitId: expect.stringMatching(/^[0-9a-f]{64}$/),
      previousCommits: [expect.stringMatching(/^[0-9a-f]{64}$/)],
      createDateTimeClient: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      createDateTimeServer: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    // secondsSinceCreation dates the approval back on the client's side.
    expect(Date.parse(carrierSide.createDateTimeServer) - Date.parse(carrierSide.createDateTimeClient)).toBe(2_000);
    expect(
      collected.body.updates.map((update: { changeType: string; newFreightDocumentStatus: string | null }) => [
        update.changeType,
        update.newFreightDocumentStatus,
      ]),
    ).toEqual([
      ['CREATE', 'ISSUED'],
      ['APPROVAL', null],
      ['APPROVAL', 'TRANSIT'],
    ]);

    // Two subsequent carriers have yet to receive the cargo: the hand-over names one.
    expectError(await transfers.own('carrier', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'CARRIER' }), 400, '3.1', 'counterPartyRoleId');
    created(await transfers.own('carrier', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'CARRIER', counterPartyRoleId: first }));
    const atFirst = await transfers.own('first', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'SUBSEQUENT_CARRIER', counterPartyRoleId: first });
    created(atFirst);
    expect(atFirst.body.custody).toEqual({ roleId: first, role: 'SUBSEQUENT_CARRIER' });
    expect(atFirst.body.status).toBe('TRANSIT');
    // The carrier has handed over: it no longer offers, nor may, hand anything over, nor replace the note by paper
    // (contract §14: the carrier side holding the cargo does).
    expect((await transfers.read('carrier', id)).allowedActions).toEqual(['EDIT_ESTIMATED_TIMES', 'COMMENT', 'EDIT_LICENSE_PLATES', 'DELEGATE', 'SUBSCRIBE']);
    expect((await transfers.read('first', id)).allowedActions).toContain('REPLACE_BY_PAPER');
    expectError(await transfers.own('carrier', id, { action: 'DELIVERY', ownRole: 'CARRIER' }), 403, '1.4');

    // One is left: it need not be named.
    created(await transfers.own('first', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'SUBSEQUENT_CARRIER' }));
    created(await transfers.own('second', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'SUBSEQUENT_CARRIER' }));
    expect((await transfers.read('second', id)).custody).toEqual({ roleId: second, role: 'SUBSEQUENT_CARRIER' });

    const refused = await transfers.own('consignee', id, { action: 'DELIVERY', ownRole: 'CONSIGNEE', declined: true, remarks: 'Pallets wet' });
    created(refused);
    expect(refused.body.status).toBe('TRANSIT');
    created(await transfers.own('second', id, { action: 'DELIVERY', ownRole: 'SUBSEQUENT_CARRIER' }));
    const delivered = await transfers.own('consignee', id, { action: 'DELIVERY', ownRole: 'CONSIGNEE', remarks: 'Dried and accepted' });
    created(delivered);
    expect(delivered.body.status).toBe('DELIVERED');
    expect(delivered.body.custody).toBeNull();
    expect(
      delivered.body.approvals.map((approval: { action: string; side: string; role: string; declined: boolean }) => [
        approval.action,
        approval.side,
        approval.role,
        approval.declined,
      ]),
    ).toEqual([
      ['COLLECTION', 'CARRIER', 'CARRIER', false],
      ['COLLECTION', 'COUNTER_PARTY', 'CONSIGNOR', false],
      ['CARRIER_TO_CARRIER', 'CARRIER', 'CARRIER', false],
      ['CARRIER_TO_CARRIER', 'COUNTER_PARTY', 'SUBSEQUENT_CARRIER', false],
      ['CARRIER_TO_CARRIER', 'CARRIER', 'SUBSEQUENT_CARRIER', false],
      ['CARRIER_TO_CARRIER', 'COUNTER_PARTY', 'SUBSEQUENT_CARRIER', false],
      ['DELIVERY', 'COUNTER_PARTY', 'CONSIGNEE', true],
      ['DELIVERY', 'CARRIER', 'SUBSEQUENT_CARRIER', false],
      ['DELIVERY', 'COUNTER_PARTY', 'CONSIGNEE', false],
    ]);
    const statusMoves = delivered.body.updates.filter((update: { newFreightDocumentStatus: string | null }) => update.newFreightDocumentStatus);
    expect(statusMoves.map((update: { newFreightDocumentStatus: string }) => update.newFreightDocumentStatus)).toEqual(['ISSUED', 'TRANSIT', 'DELIVERED']);
    // The list entry carries custody and plates, but no approvals and no secrets (contract §4, §8).
    const listed = await api.get('/api/freightdocuments?limit=100', { bearer: cast.consignee.token });
    const entry = listed.body.freightDocuments.find((document: { freightDocumentId: string }) => document.freightDocumentId === id);
    expect(entry).toMatchObject({ status: 'DELIVERED', custody: null, licensePlates: [] });
    expect(entry).not.toHaveProperty('approvals');
    expect(entry).not.toHaveProperty('deliverySecrets');
  });
});

describe('two-factor approvals (contract §8)', () => {
  const collection = (document: any) => document.collectionSecrets;
  const delivery = (document: any) => document.deliverySecrets;

  it('without comments at collection and with comments at delivery, the codes the devices compute are accepted', async () => {
    const id = await transfers.create({ subsequentCarriers: undefined });
    const { challenge, responseCode } = await transfers.responseCodeFor('carrier', 'consignor', id, collection);
    expect(challenge).toMatch(/^\d{25}$/);
    created(await transfers.own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' }));
    const collected = await transfers.counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode } });
    created(collected);
    expect(collected.body.status).toBe('TRANSIT');
    expect(collected.body.approvals[1]).toMatchObject({
      type: 'TFA',
      side: 'COUNTER_PARTY',
      role: 'CONSIGNOR',
      account: { accountId: cast.consignor.accountId },
      submittedBy: { accountId: cast.carrier.accountId },
    });

    // Comments made at the hand-over feed the codes: a response computed before them no longer matches.
    const before = await transfers.responseCodeFor('carrier', 'consignee', id, delivery, 'DELIVERY');
    created(await transfers.comment('carrier', id, { text: 'Damaged pallet' }));
    created(
      await transfers.comment('carrier', id, { text: 'All good', attachments: [{ content: PNG_BYTES.toString('base64'), originalFileName: 'pallet.png' }] }),
    );
    expectError(
      await transfers.counterParty('carrier', id, { action: 'DELIVERY', evidence: { responseCode: before.responseCode } }),
      400,
      '3.6',
      'evidence.responseCode',
    );
    const after = await transfers.responseCodeFor('carrier', 'consignee', id, delivery, 'DELIVERY');
    expect(after.challenge.slice(0, 5)).not.toBe(before.challenge.slice(0, 5));
    created(await transfers.counterParty('carrier', id, { action: 'DELIVERY', evidence: { responseCode: after.responseCode } }));
    const delivered = await transfers.own('carrier', id, { action: 'DELIVERY', ownRole: 'CARRIER' });
    created(delivered);
    expect(delivered.body.status).toBe('DELIVERED');
    expect(delivered.body.comments).toMatchObject([
      { text: 'Damaged pallet', role: 'CARRIER', attachments: [] },
      { text: 'All good', role: 'CARRIER', attachments: [{ type: 'COMMENT', mimeType: 'image/png', originalFileName: 'pallet.png', sealed: false }] },
    ]);
  });

  it('each party sees only the secrets of its transfers', async () => {
    const id = await transfers.create();
    const carrier = await transfers.read('carrier', id);
    expect(carrier.collectionSecrets).toEqual({
      s1: expect.stringMatching(/^\d{4}$/),
      s2: expect.stringMatching(/^\d{3}$/),
      s3: expect.stringMatching(/^\d{3}$/),
    });
    expect(carrier.carrierToCarrierSecrets).toHaveLength(2);
    const consignor = await transfers.read('consignor', id);
    expect(consignor.collectionSecrets).toEqual({ s2: carrier.collectionSecrets.s2, s3: carrier.collectionSecrets.s3 });
    expect(consignor).not.toHaveProperty('deliverySecrets');
    const first = await transfers.read('first', id);
    expect(first.carrierToCarrierSecrets).toEqual([{ roleId: first.subsequentCarriers[0].roleId, s2: expect.any(String), s3: expect.any(String) }]);
    const submitter = await transfers.read('submitter', id);
    for (const field of ['collectionSecrets', 'carrierToCarrierSecrets', 'deliverySecrets']) expect(submitter).not.toHaveProperty(field);
  });
});

describe('sign-on-glass, implicit approvals and explicit status updates', () => {
  it('a counter party signs on the carrier’s glass at delivery: a sealed SIGNATURE attachment, the signer named', async () => {
    const id = await transfers.create({ subsequentCarriers: undefined });
    created(await transfers.counterParty('carrier', id, { action: 'COLLECTION' }));
    const collected = await transfers.own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' });
    // An implicit approval names nobody: it stands for the place of taking over, where the cargo was taken.
    expect(collected.body.approvals[0]).toMatchObject({
      type: 'IMPLICIT',
      role: 'PLACE_OF_TAKING_OVER',
      account: null,
      submittedBy: { accountId: cast.carrier.accountId },
    });
    expect(collected.body.status).toBe('TRANSIT');

    const signed = await transfers.counterParty('carrier', id, {
      action: 'DELIVERY',
      ownRole: 'CONSIGNEE',
      place: 'Köln',
      evidence: {
        signedOnGlassBy: { name: 'Bea Receiver', email: 'bea@example.test' },
        attachments: [
          { content: PNG_BYTES.toString('base64'), mimeType: 'image/png', name: 'signature', originalFileName: 'signature.png', attachmentId: '', sealed: '' },
        ],
      },
    });
    created(signed);
    const signature = signed.body.approvals.find((approval: { type: string }) => approval.type === 'SIGN_ON_GLASS');
    expect(signature).toMatchObject({
      action: 'DELIVERY',
      role: 'CONSIGNEE',
      account: null,
      place: 'Köln',
      signedOnGlassBy: { name: 'Bea Receiver', email: 'bea@example.test' },
    });
    expect(signed.body.attachments).toContainEqual({
      attachmentId: signature.attachmentId,
      type: 'SIGNATURE',
      name: 'signature',
      originalFileName: 'signature.png',
      mimeType: 'image/png',
      sealed: true,
      size: PNG_BYTES.length,
    });
    const image = await fetch(`${api.target.baseUrl}/api/attachment/${signature.attachmentId}/content`, {
      headers: { Authorization: `Bearer ${cast.consignee.token}` },
    });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    // The carrier recorded it on its own device: it may read that signature, though not other sealed content.
    const recorded = await api.get(`/api/attachment/${signature.attachmentId}?encodeBase64=true`, { bearer: cast.carrier.token });
    expect(recorded.status).toBe(200);
    expect(recorded.body.content).toBe(PNG_BYTES.toString('base64'));

    const delivered = await transfers.own('carrier', id, { action: 'DELIVERY', ownRole: 'CARRIER' });
    created(delivered);
    expect(delivered.body.status).toBe('DELIVERED');
  });

  it('implicit approvals of both counter parties, and the carrier’s explicit status updates, each reach DELIVERED', async () => {
    const implicit = await transfers.create({ subsequentCarriers: undefined });
    created(await transfers.own('carrier', implicit, { action: 'COLLECTION', ownRole: 'CARRIER' }));
    created(await transfers.counterParty('carrier', implicit, { action: 'COLLECTION', evidence: {} }));
    created(await transfers.own('carrier', implicit, { action: 'DELIVERY', ownRole: 'CARRIER' }));
    const done = await transfers.counterParty('carrier', implicit, { action: 'DELIVERY' });
    created(done);
    expect(done.body.status).toBe('DELIVERED');
    expect(done.body.approvals.filter((approval: { type: string }) => approval.type === 'IMPLICIT')).toHaveLength(2);

    const explicit = await transfers.create();
    await transfers.lastChangeAged(explicit, 1);
    const transit = await transfers.update('carrier', explicit, { newFreightDocumentStatus: 'TRANSIT', secondsSinceCreation: '1' });
    created(transit);
    expect(transit.body).toMatchObject({ status: 'TRANSIT', custody: { role: 'CARRIER' } });
    expect(transit.body.updates.at(-1)).toMatchObject({
      changeType: 'STATUS_UPDATE',
      newFreightDocumentStatus: 'TRANSIT',
      account: { accountId: cast.carrier.accountId },
    });
    const delivered = await transfers.update('carrier', explicit, { newFreightDocumentStatus: 'DELIVERED' });
    created(delivered);
    expect(delivered.body.status).toBe('DELIVERED');
  });
});

describe('license plates and comments', () => {
  it('a carrier replaces the plates of its own role; the plates are in the document and in its list entry', async () => {
    const id = await transfers.create();
    const document = await transfers.read('carrier', id);
    const set = await transfers.plates('carrier', id, {
      roleId: document.carrier.roleId,
      licensePlates: [
        { licensePlate: 'AB-123-C', countryCode: 'NLD', type: 'TRUCK' },
        { licensePlate: 'TR-77', type: 'TRAILER', countryCode: '' },
      ],
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.licensePlates).toEqual([
      { roleId: document.carrier.roleId, licensePlate: 'AB-123-C', countryCode: 'NLD', type: 'TRUCK' },
      { roleId: document.carrier.roleId, licensePlate: 'TR-77', countryCode: null, type: 'TRAILER' },
    ]);
    const first = document.subsequentCarriers[0].roleId;
    expect((await transfers.plates('first', id, { roleId: first, licensePlates: [{ licensePlate: 'BE-1', type: 'TRUCK' }] })).status).toBe(200);
    const replaced = await transfers.plates('carrier', id, {
      roleId: document.carrier.roleId,
      licensePlates: [{ licensePlate: 'AB-123-C', countryCode: 'NLD', type: 'TRUCK' }],
    });
    expect(replaced.body.licensePlates).toHaveLength(2);
    expect(replaced.body.updates.at(-1).changeType).toBe('LICENSE_PLATES');
    const listed = await api.get('/api/freightdocuments?limit=100', { bearer: cast.first.token });
    const entry = listed.body.freightDocuments.find((candidate: { freightDocumentId: string }) => candidate.freightDocumentId === id);
    expect(entry.licensePlates).toEqual(replaced.body.licensePlates);
  });

  it('a comment answers its id and commit; clientMeta comes back as sent', async () => {
    const id = await transfers.create();
    const reply = await transfers.comment('first', id, { text: 'Seal 4471 intact', clientMeta: { device: 'tablet-7', appVersion: '3.2.1' } });
    created(reply);
    expect(reply.body).toEqual({ commentId: expect.any(String), commitId: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const document = await transfers.read('consignee', id);
    expect(document.comments).toEqual([
      {
        commentId: reply.body.commentId,
        type: 'COMMENT',
        text: 'Seal 4471 intact',
        role: 'SUBSEQUENT_CARRIER',
        roleId: document.subsequentCarriers[0].roleId,
        account: expect.objectContaining({ accountId: cast.first.accountId }),
        accountId: cast.first.accountId,
        creatorName: cast.first.name,
        creatorRole: 'SUBSEQUENT_CARRIER',
        submittedBy: expect.objectContaining({ accountId: cast.first.accountId }),
        attachments: [],
        clientMeta: { device: 'tablet-7', appVersion: '3.2.1' },
        reservation: null,
        commitId: reply.body.commitId,
        previousCommits: [expect.any(String)],
        createDateTimeClient: expect.any(String),
        createDateTimeServer: expect.any(String),
      },
    ]);
    // Contract §7: made without secondsSinceCreation, dated by the server on both clocks.
    expect(document.comments[0].createDateTimeClient).toBe(document.comments[0].createDateTimeServer);
  });
});
