/**
 * The transfer rules of lib/domain/transfers.ts (contract §7, §8) and the request schemas of the transfer
 * endpoints: which transfer a request means and its codes, what completing one changes, who sees which secrets,
 * and every field code with its `field`.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { completionOf, explicitMove, resolveTransfer, visibleSecrets, type TransferSituation } from '@/lib/domain/transfers';
import { commentInput, counterPartyApprovalInput, licensePlatesInput, myApprovalInput, statusUpdateInput } from '@/lib/schemas/transfers';
import { parseInput, ServiceError } from '@/server/errors';

const roles = [
  { id: 'cor', role: 'CONSIGNOR' as const },
  { id: 'poto', role: 'PLACE_OF_TAKING_OVER' as const },
  { id: 'cee', role: 'CONSIGNEE' as const },
  { id: 'car', role: 'CARRIER' as const },
  { id: 'sc1', role: 'SUBSEQUENT_CARRIER' as const },
  { id: 'sc2', role: 'SUBSEQUENT_CARRIER' as const },
];
const situation = (status: TransferSituation['status'], custody: string[] = []): TransferSituation => ({
  status,
  roles,
  custody,
  approvals: [],
  signingMethods: { collection: ['OWN'], carrierToCarrier: ['OWN'], delivery: ['OWN'] },
});

describe('resolveTransfer', () => {
  it('collection: from nobody to the carrier, countered by consignor and place of taking over; only while ISSUED', () => {
    expect(resolveTransfer(situation('ISSUED'), 'COLLECTION')).toEqual({
      action: 'COLLECTION',
      fromRoleId: null,
      toRoleId: 'car',
      carrierSide: ['car'],
      counterParty: ['cor', 'poto'],
    });
    expect(resolveTransfer(situation('TRANSIT', ['car']), 'COLLECTION')).toEqual({ code: '4.18' });
  });

  it('between carriers: the receiver must be named while two could receive (3.1), be of the document (4.1) and able to receive (4.50)', () => {
    const transit = situation('TRANSIT', ['car']);
    expect(resolveTransfer(transit, 'CARRIER_TO_CARRIER')).toEqual({ code: '3.1', field: 'counterPartyRoleId' });
    expect(resolveTransfer(transit, 'CARRIER_TO_CARRIER', 'nope')).toEqual({ code: '4.1', field: 'counterPartyRoleId' });
    expect(resolveTransfer(transit, 'CARRIER_TO_CARRIER', 'cee')).toEqual({ code: '4.50', field: 'counterPartyRoleId' });
    expect(resolveTransfer(transit, 'CARRIER_TO_CARRIER', 'sc2')).toMatchObject({
      fromRoleId: 'car',
      toRoleId: 'sc2',
      carrierSide: ['car'],
      counterParty: ['sc2'],
    });
    // One left to receive: it need not be named; one that has received cannot receive again.
    const atFirst = situation('TRANSIT', ['car', 'sc1']);
    expect(resolveTransfer(atFirst, 'CARRIER_TO_CARRIER')).toMatchObject({ fromRoleId: 'sc1', toRoleId: 'sc2' });
    expect(resolveTransfer(atFirst, 'CARRIER_TO_CARRIER', 'sc1')).toEqual({ code: '4.50', field: 'counterPartyRoleId' });
    expect(resolveTransfer(situation('TRANSIT', ['car', 'sc1', 'sc2']), 'CARRIER_TO_CARRIER')).toEqual({ code: '4.18' });
  });

  it('delivery: from the holder to consignee or place of delivery', () => {
    expect(resolveTransfer(situation('TRANSIT', ['car', 'sc2']), 'DELIVERY')).toEqual({
      action: 'DELIVERY',
      fromRoleId: 'sc2',
      toRoleId: null,
      carrierSide: ['sc2'],
      counterParty: ['cee'],
    });
    expect(resolveTransfer(situation('ISSUED'), 'DELIVERY')).toEqual({ code: '4.18' });
  });
});

describe('completing a transfer', () => {
  it('moves the status at collection and delivery and the custody at every hand-over', () => {
    const issued = situation('ISSUED');
    expect(completionOf(issued, resolveTransfer(issued, 'COLLECTION') as never)).toEqual({ status: 'TRANSIT', custody: ['car'] });
    const transit = situation('TRANSIT', ['car']);
    expect(completionOf(transit, resolveTransfer(transit, 'CARRIER_TO_CARRIER', 'sc2') as never)).toEqual({ status: 'TRANSIT', custody: ['car', 'sc2'] });
    expect(completionOf(transit, resolveTransfer(transit, 'DELIVERY') as never)).toEqual({ status: 'DELIVERED', custody: ['car'] });
  });

  it('an explicit update is the carrier’s at ISSUED and the holder’s in TRANSIT', () => {
    expect(explicitMove(situation('ISSUED'))).toEqual({ to: 'TRANSIT', by: ['car'], custody: ['car'] });
    expect(explicitMove(situation('TRANSIT', ['car', 'sc1']))).toEqual({ to: 'DELIVERED', by: ['sc1'], custody: ['car', 'sc1'] });
    expect(explicitMove(situation('DELIVERED', ['car']))).toBeUndefined();
  });
});

describe('visibleSecrets (contract §8)', () => {
  const value = (n: string) => ({ s1: `${n}1`, s2: `${n}2`, s3: `${n}3` });
  const secrets = {
    collection: value('c'),
    delivery: value('d'),
    carrierToCarrier: new Map([
      ['sc1', value('x')],
      ['sc2', value('y')],
    ]),
  };
  const seen = (held: string[], status: TransferSituation['status'] = 'ISSUED', custody: string[] = []) =>
    visibleSecrets(situation(status, custody), secrets, new Set(held));

  it('the carrier side sees s1, s2 and s3; its counter party s2 and s3; nobody else any', () => {
    expect(seen(['car'])).toEqual({
      collectionSecrets: value('c'),
      deliverySecrets: value('d'),
      carrierToCarrierSecrets: [
        { roleId: 'sc1', ...value('x') },
        { roleId: 'sc2', ...value('y') },
      ],
    });
    expect(seen(['cor'])).toEqual({ collectionSecrets: { s2: 'c2', s3: 'c3' }, deliverySecrets: undefined, carrierToCarrierSecrets: [] });
    expect(seen(['poto']).collectionSecrets).toEqual({ s2: 'c2', s3: 'c3' });
    expect(seen(['cee'])).toEqual({ collectionSecrets: undefined, deliverySecrets: { s2: 'd2', s3: 'd3' }, carrierToCarrierSecrets: [] });
    expect(seen(['sc1'])).toEqual({
      collectionSecrets: undefined,
      deliverySecrets: undefined,
      carrierToCarrierSecrets: [{ roleId: 'sc1', s2: 'x2', s3: 'x3' }],
    });
    expect(seen([])).toEqual({ collectionSecrets: undefined, deliverySecrets: undefined, carrierToCarrierSecrets: [] });
  });

  it('the carrier side of later hand-overs follows the cargo', () => {
    const atFirst = seen(['sc1'], 'TRANSIT', ['car', 'sc1']);
    expect(atFirst.deliverySecrets).toEqual(value('d'));
    expect(atFirst.carrierToCarrierSecrets).toEqual([
      { roleId: 'sc1', s2: 'x2', s3: 'x3' },
      { roleId: 'sc2', ...value('y') },
    ]);
    const carrier = seen(['car'], 'TRANSIT', ['car', 'sc1']);
    expect(carrier.deliverySecrets).toBeUndefined();
    expect(carrier.carrierToCarrierSecrets).toEqual([]);
    expect(carrier.collectionSecrets).toEqual(value('c'));
  });
});

function errors<T extends z.ZodType>(schema: T, body: unknown) {
  try {
    parseInput(schema, body);
  } catch (error) {
    if (error instanceof ServiceError) return error.items.map(({ code, field }) => (field ? { code, field } : { code }));
    throw error;
  }
  return [];
}

describe('the transfer request schemas', () => {
  const heads = ['a'.repeat(64)];

  it('approvals: action and ownRole required and known, previousCommits required, location both or neither', () => {
    expect(errors(myApprovalInput, {})).toEqual(
      expect.arrayContaining([
        { code: '3.1', field: 'action' },
        { code: '3.1', field: 'ownRole' },
        { code: '3.1', field: 'previousCommits' },
      ]),
    );
    expect(errors(myApprovalInput, { action: 'PICKUP', ownRole: 'DRIVER', previousCommits: heads })).toEqual([
      { code: '3.9', field: 'action' },
      { code: '3.9', field: 'ownRole' },
    ]);
    expect(errors(myApprovalInput, { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: 'abc' })).toEqual([{ code: '3.17', field: 'previousCommits' }]);
    expect(errors(myApprovalInput, { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: heads, location: { latitude: '52.1' } })).toEqual([
      { code: '3.50', field: 'location' },
    ]);
    expect(errors(myApprovalInput, { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: heads, location: { latitude: 91, longitude: 0 } })).toEqual([
      { code: '3.9', field: 'location.latitude' },
    ]);
    // Contract §6: an integer 0…2,592,000 (30 days), anything else 3.6.
    for (const secondsSinceCreation of [-1, 2_592_001, 366 * 24 * 3600, 1.5, '1.5', 'soon', true, {}, '-3']) {
      expect(errors(myApprovalInput, { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: heads, secondsSinceCreation })).toEqual([
        { code: '3.6', field: 'secondsSinceCreation' },
      ]);
    }
    for (const secondsSinceCreation of [0, 2_592_000, '2592000']) {
      expect(parseInput(myApprovalInput, { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: heads, secondsSinceCreation })).toMatchObject({
        secondsSinceCreation: Number(secondsSinceCreation),
      });
    }
    // Tolerant reading: "" everywhere optional is absent, "true" is true.
    expect(
      parseInput(myApprovalInput, {
        action: 'DELIVERY',
        ownRole: 'CONSIGNEE',
        previousCommits: heads,
        place: '',
        location: { latitude: '', longitude: '' },
        declined: 'true',
        remarks: 'Wet',
        counterPartyRoleId: '',
      }),
    ).toEqual({ action: 'DELIVERY', ownRole: 'CONSIGNEE', previousCommits: heads, declined: true, remarks: 'Wet' });
  });

  it('counter-party evidence: a response code of 25 digits, or a signature with its image, never both', () => {
    const base = { action: 'DELIVERY', previousCommits: heads };
    expect(errors(counterPartyApprovalInput, { ...base, evidence: { responseCode: '12345' } })).toEqual([{ code: '3.6', field: 'evidence.responseCode' }]);
    expect(errors(counterPartyApprovalInput, { ...base, evidence: { responseCode: '1'.repeat(25), signedOnGlassBy: { name: 'Bea' } } })).toEqual([
      { code: '3.16', field: 'evidence' },
    ]);
    expect(errors(counterPartyApprovalInput, { ...base, evidence: { signedOnGlassBy: { name: 'Bea' } } })).toEqual([
      { code: '3.1', field: 'evidence.attachments' },
    ]);
    expect(errors(counterPartyApprovalInput, { ...base, evidence: { attachments: [{ content: 'iVBO' }] } })).toEqual([
      { code: '3.1', field: 'evidence.signedOnGlassBy' },
    ]);
    expect(
      errors(counterPartyApprovalInput, { ...base, evidence: { signedOnGlassBy: { name: 'Bea' }, attachments: [{ content: 'iVBO' }, { content: 'iVBO' }] } }),
    ).toEqual([{ code: '3.9', field: 'evidence.attachments' }]);
    // An evidence of unset attributes is no evidence: an implicit approval. Ignored attachment attributes stay ignored.
    expect(parseInput(counterPartyApprovalInput, { ...base, ownRole: 'CARRIER', evidence: { responseCode: '', signedOnGlassBy: null } })).toEqual(base);
    expect(
      parseInput(counterPartyApprovalInput, {
        ...base,
        evidence: { signedOnGlassBy: { name: 'Bea', email: '' }, attachments: [{ content: 'iVBO', attachmentId: '', size: 4, sealed: 'true', type: '' }] },
      }).evidence,
    ).toEqual({ signedOnGlassBy: { name: 'Bea' }, attachments: [{ content: 'iVBO' }] });
  });

  it('status updates, comments and license plates', () => {
    expect(errors(statusUpdateInput, { newFreightDocumentStatus: 'LOST', previousCommits: heads })).toEqual([
      { code: '3.9', field: 'newFreightDocumentStatus' },
    ]);
    expect(errors(commentInput, { previousCommits: heads })).toEqual([{ code: '3.1', field: 'text' }]);
    expect(errors(commentInput, { text: 'x'.repeat(4001), previousCommits: heads })).toEqual([{ code: '3.2', field: 'text' }]);
    expect(errors(licensePlatesInput, { roleId: 'r', previousCommits: heads })).toEqual([{ code: '3.46', field: 'licensePlates' }]);
    expect(errors(licensePlatesInput, { roleId: 'r', licensePlates: [], previousCommits: heads })).toEqual([{ code: '3.46', field: 'licensePlates' }]);
    expect(errors(licensePlatesInput, { licensePlates: [{ licensePlate: '', type: 'BUS', countryCode: 'XX' }], previousCommits: heads })).toEqual([
      { code: '3.1', field: 'roleId' },
      { code: '3.1', field: 'licensePlates[0].licensePlate' },
      { code: '3.11', field: 'licensePlates[0].countryCode' },
      { code: '3.9', field: 'licensePlates[0].type' },
    ]);
  });

  it('parse their own output to the same value, so tRPC and the service can both parse', () => {
    const bodies: [z.ZodType, unknown][] = [
      [
        myApprovalInput,
        {
          action: 'COLLECTION',
          ownRole: 'CARRIER',
          previousCommits: heads,
          location: { latitude: 51.92, longitude: '4.48' },
          secondsSinceCreation: '30',
          declined: 'false',
        },
      ],
      [
        counterPartyApprovalInput,
        {
          action: 'DELIVERY',
          previousCommits: heads,
          evidence: { signedOnGlassBy: { name: 'Bea' }, attachments: [{ content: 'iVBO', originalFileName: 's.png' }] },
        },
      ],
      [statusUpdateInput, { newFreightDocumentStatus: 'TRANSIT', previousCommits: heads, secondsSinceCreation: 5 }],
      [commentInput, { text: 'Wet', previousCommits: heads, clientMeta: { device: 'tablet-7' } }],
      [licensePlatesInput, { roleId: 'r', licensePlates: [{ licensePlate: ' AB-12-CD ', type: 'TRUCK', countryCode: 'NLD' }], previousCommits: heads }],
    ];
    for (const [schema, body] of bodies) {
      const once = parseInput(schema, body);
      expect(parseInput(schema, once)).toEqual(once);
    }
  });
});
