import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { EftiSource } from '@/lib/efti/dataset';
import { readinessOf } from '@/lib/efti/readiness';
import { isKnownSubset, subsetIdsOf } from '@/lib/efti/subsets';
import { splitText, cutText } from '@/lib/efti/text';
import { buildConsignmentSubsets, buildIdentifierSubset } from '@/lib/efti/xml';
import { renderSubsetTable } from '../../scripts/efti/generate-subset-table';
import { EFTI_XSD_DIR, validateEftiXml } from '../support/efti-xsd';

/** Contract §15's mapping, checked against the reference schemas with xmllint and against the document's values. */

const party = (name: string, extra: Record<string, string> = {}) => ({
  name,
  streetName: 'Hauptstraße',
  buildingNumber: '12a',
  postalCode: '10115',
  cityName: 'Berlin',
  countryCode: 'DEU',
  roleId: `role-${name}`,
  accountId: null,
  ...extra,
});

const approval = (action: 'COLLECTION' | 'DELIVERY', side: 'CARRIER' | 'COUNTER_PARTY', type: 'OWN' | 'TFA' | 'SIGN_ON_GLASS' | 'IMPLICIT', at: string) =>
  ({
    approvalId: `${action}-${side}`,
    type,
    action,
    side,
    role: side === 'CARRIER' ? 'CARRIER' : action === 'COLLECTION' ? 'CONSIGNOR' : 'CONSIGNEE',
    roleId: 'r',
    fromRoleId: null,
    toRoleId: null,
    account: null,
    submittedBy: { accountId: 'a' },
    place: null,
    location: action === 'COLLECTION' && side === 'CARRIER' ? { latitude: '52.5200066', longitude: '13.404954' } : null,
    declined: false,
    remarks: null,
    commitId: 'c',
    previousCommits: [],
    createDateTimeClient: at,
    createDateTimeServer: at,
    acceptedReservations: [],
  }) as const;

const update = (status: string | null, at: string) => ({
  freightDocumentId: 'd',
  accountId: null,
  account: null,
  changeType: 'X',
  commitId: `c-${at}`,
  contentHash: 'h',
  createDateTimeClient: at,
  createDateTimeServer: at,
  newFreightDocumentStatus: status,
  previousCommits: [],
});

function deliveredDocument(): EftiSource {
  const carrier = party('Fast Trucks GmbH', { taxRegistrationId: 'DE123456789', postalBox: '4711' });
  return {
    serviceNumber: '000000000042',
    status: 'DELIVERED',
    consignor: party('Sender & Söhne <KG>'),
    consignee: party('Receiver Ltd', { countryCode: 'GBR', cityName: 'London', postalCode: 'SW1A 1AA' }),
    carrier,
    placeOfTakingOver: party('Warehouse North'),
    placeOfDelivery: party('Depot South', { countryCode: 'FRA' }),
    subsequentCarriers: [],
    agreedDateTimeOfTakingOver: '2026-11-20T08:00:00Z',
    estimatedDateTimeOfTakingOver: null,
    establishedDate: '2026-11-19',
    establishedPlace: 'Berlin',
    reimbursementAmount: 150.5,
    reimbursementCurrency: 'EUR',
    goods: 'table',
    structuredGoods: [
      {
        type: 'GOOD',
        name: 'Paint',
        natureOfGoods: 'flammable',
        numberOfPackages: 4,
        methodOfPackaging: 'drums',
        weight: 1.5,
        weightUnit: 'TONNE',
        volume: 2000,
        volumeUnit: 'LITRE',
        marksAndNumbers: 'ACME 1-4',
        dangerousGoods: { unNumber: '1263', properShippingName: 'PAINT' },
        productId: 1,
      },
      { type: 'GOOD', name: 'Brushes', numberOfPackages: 10, weight: 100, weightUnit: 'POUND', volume: 1, productId: 2 },
    ],
    licensePlates: [
      { roleId: carrier.roleId, licensePlate: 'B-XY 123', countryCode: 'DEU', type: 'TRUCK' },
      { roleId: carrier.roleId, licensePlate: 'B-TR 9', countryCode: 'DEU', type: 'TRAILER' },
    ],
    approvals: [
      approval('COLLECTION', 'CARRIER', 'OWN', '2026-11-20T08:05:00.000Z'),
      approval('COLLECTION', 'COUNTER_PARTY', 'TFA', '2026-11-20T08:06:30.000Z'),
      approval('DELIVERY', 'CARRIER', 'OWN', '2026-11-21T17:00:00.000Z'),
      approval('DELIVERY', 'COUNTER_PARTY', 'SIGN_ON_GLASS', '2026-11-21T17:01:00.000Z'),
    ] as unknown as EftiSource['approvals'],
    updates: [
      update('DRAFT', '2026-11-19T10:00:00.000Z'),
      update('ISSUED', '2026-11-19T11:00:00.000Z'),
      update('TRANSIT', '2026-11-20T08:06:30.000Z'),
      update('DELIVERED', '2026-11-21T17:01:00.000Z'),
    ],
  };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) =>
    [
      'name',
      'confirmedDocumentAuthentication',
      'transportPackage',
      'includedConsignmentItem',
      'identificationText',
      'streetName',
      'cityName',
      'postcode',
    ].includes(name),
});

describe('eFTI data set (contract §15)', () => {
  it.each([['EU03'], ['identifier'], ['full'], ['EU03,identifier']])(
    'subset %s of a delivered document validates against consignment-common.xsd',
    (subsets) => {
      const xml = buildConsignmentSubsets(deliveredDocument(), subsetIdsOf([subsets]));
      const result = validateEftiXml(xml, 'common');
      expect(result.errors).toBe('');
      expect(result.valid).toBe(true);
    },
  );

  it('the identifier upload validates against consignment-identifier.xsd and holds only the id elements', () => {
    const xml = buildIdentifierSubset(deliveredDocument());
    expect(validateEftiXml(xml, 'identifier')).toEqual({ valid: true, errors: '' });
    const root = parser.parse(xml).consignment;
    expect(Object.keys(root).filter((key) => !key.startsWith('@'))).toEqual([
      'carrierAcceptanceDateTime',
      'deliveryEvent',
      'mainCarriageTransportMovement',
      'usedTransportEquipment',
    ]);
    expect(root.mainCarriageTransportMovement).toEqual({
      dangerousGoodsIndicator: 'true',
      modeCode: '3',
      usedTransportMeans: { id: 'B-XY 123', registrationCountry: { code: 'DE' } },
    });
    expect(root.usedTransportEquipment).toEqual({ categoryCode: 'TE', id: 'B-TR 9', registrationCountry: { code: 'DE' }, sequenceNumber: '1' });
  });

  it('EU03 carries the values of the document in eFTI formats: alpha-2, format 205 times, kilograms, statements, escaped text', () => {
    const xml = buildConsignmentSubsets(deliveredDocument(), ['EU03']);
    expect(xml).toContain('Sender &amp; Söhne &lt;KG&gt;');
    const root = parser.parse(xml).consignment;
    expect(root['@xmlns']).toBe('http://efti.eu/v1/consignment/common');
    expect(root.carrierAcceptanceDateTime).toEqual({ '#text': '202611200806+0000', '@formatId': '205' });
    expect(root.deliveryEvent.actualOccurrenceDateTime).toEqual({ '#text': '202611211701+0000', '@formatId': '205' });
    // 1.5 t + 100 lb = 1500 + 45.359237 kg; 2000 l + 1 m³ = 3 m³.
    expect(root.grossWeight).toEqual({ '#text': '1545.359', '@unitId': 'KGM' });
    expect(root.grossVolume).toEqual({ '#text': '3', '@unitId': 'MTQ' });
    expect(root.consignee.postalAddress.countryCode).toBe('GB');
    expect(root.consignee.confirmedDocumentAuthentication).toEqual([{ statementCode: 'SOG' }]);
    expect(root.consignor.confirmedDocumentAuthentication).toEqual([{ statementCode: 'TFA' }]);
    expect(root.carrier.confirmedDocumentAuthentication).toEqual([{ statementCode: 'OWN' }]);
    expect(root.carrierAcceptanceLocation.geographicalCoordinates).toEqual({ latitude: '52.520007', longitude: '13.404954' });
    expect(root.includedConsignmentItem).toEqual([{ transportDangerousGoods: { properShippingName: 'PAINT', uNDGID: '1263' } }]);
    expect(root.mainCarriageTransportMovement.usedTransportMeans).toEqual({ id: 'B-XY 123', registrationCountry: { code: 'DE' }, typeCode: '31' });
    expect(root.natureIdentificationCargo.identificationText).toEqual(['Paint (flammable)', 'Brushes']);
    expect(root.transportPackage[0]).toEqual({ itemQuantity: '4', shippingMarks: { markingText: 'ACME 1-4' }, typeText: 'drums' });
    // Not named by EU03's annotations: only in `full`.
    expect(root.transportContractDocument).toBeUndefined();
    expect(root.cODAmount).toBeUndefined();
    expect(root.carrier.taxRegistration).toBeUndefined();
  });

  it('`full` adds the contract document, cash on delivery, tax registration and statement times', () => {
    const root = parser.parse(buildConsignmentSubsets(deliveredDocument(), ['full'])).consignment;
    expect(root.cODAmount).toEqual({ '#text': '150.50', '@currencyId': 'EUR' });
    expect(root.transportContractDocument).toEqual({
      formattedIssueDateTime: { '#text': '20261119', '@formatId': '102' },
      id: '000000000042',
      issueLocation: { name: ['Berlin'] },
      typeCode: '730',
    });
    expect(root.carrier.taxRegistration).toEqual({ id: 'DE123456789' });
    expect(root.carrier.postalAddress.postOfficeBox).toBe('4711');
    expect(root.carrier.confirmedDocumentAuthentication[0].actualDateTime).toEqual({ '#text': '202611200805+0000', '@formatId': '205' });
  });

  it('long text is split at the last space before the limit over repeated elements, or cut, and reported TOO_LONG', () => {
    const source = deliveredDocument();
    source.consignor = { ...source.consignor!, name: 'International Forwarding and Logistics Company of Rotterdam', buildingNumber: '123456789012345678901' };
    source.licensePlates = [{ ...source.licensePlates[0]!, licensePlate: 'ABCDEFGHIJKLMNOPQRST' }, source.licensePlates[1]!];
    const xml = buildConsignmentSubsets(source, ['full']);
    expect(validateEftiXml(xml, 'common').valid).toBe(true);
    const root = parser.parse(xml).consignment;
    expect(root.consignor.name).toEqual(['International Forwarding and', 'Logistics Company of Rotterdam']);
    expect(root.consignor.postalAddress.buildingNumber).toBe('12345678901234567');
    expect(root.mainCarriageTransportMovement.usedTransportMeans.id).toBe('ABCDEFGHIJKLMNOPQ');
    expect(readinessOf(source, 'EU03').problems).toEqual([
      { path: 'consignor/name', field: 'consignor.name', problem: 'TOO_LONG', max: 35 },
      { path: 'consignor/postalAddress/buildingNumber', field: 'consignor.buildingNumber', problem: 'TOO_LONG', max: 17 },
      { path: 'mainCarriageTransportMovement/usedTransportMeans/id', field: 'licensePlates', problem: 'TOO_LONG', max: 17 },
    ]);
    expect(splitText('aaaa bbbb cccc', 9)).toEqual(['aaaa bbbb', 'cccc']);
    expect(splitText('abcdefghijk', 5)).toEqual(['abcde', 'fghij', 'k']);
    expect(cutText('a\u0001b\uFFFEc ', 10)).toBe('abc');
  });

  it('a sparse draft lists every EU03 mandatory element it lacks; a delivered document is complete', () => {
    const sparse: EftiSource = {
      ...deliveredDocument(),
      status: 'DRAFT',
      consignor: { name: 'Sender', roleId: 'r1', accountId: null, countryCode: 'DEU' },
      consignee: { name: 'Receiver', roleId: 'r2', accountId: null },
      carrier: null,
      agreedDateTimeOfTakingOver: null,
      goods: 'Apples',
      structuredGoods: [],
      licensePlates: [],
      approvals: [],
      updates: [],
    };
    expect(readinessOf(sparse, 'EU03')).toEqual({
      subsetId: 'EU03',
      complete: false,
      problems: [
        ['carrier/confirmedDocumentAuthentication/statementCode', 'approvals'],
        ['carrier/name', 'carrier.name'],
        ['carrier/postalAddress/cityName', 'carrier.cityName'],
        ['carrier/postalAddress/countryCode', 'carrier.countryCode'],
        ['carrier/postalAddress/postcode', 'carrier.postalCode'],
        ['carrier/postalAddress/streetName', 'carrier.streetName'],
        ['carrierAcceptanceDateTime', 'agreedDateTimeOfTakingOver'],
        ['consignee/confirmedDocumentAuthentication/statementCode', 'approvals'],
        ['consignee/postalAddress/cityName', 'consignee.cityName'],
        ['consignee/postalAddress/countryCode', 'consignee.countryCode'],
        ['consignee/postalAddress/postcode', 'consignee.postalCode'],
        ['consignee/postalAddress/streetName', 'consignee.streetName'],
        ['consignor/confirmedDocumentAuthentication/statementCode', 'approvals'],
        ['consignor/postalAddress/cityName', 'consignor.cityName'],
        ['consignor/postalAddress/postcode', 'consignor.postalCode'],
        ['consignor/postalAddress/streetName', 'consignor.streetName'],
        ['mainCarriageTransportMovement/usedTransportMeans/id', 'licensePlates'],
        ['usedTransportEquipment/id', 'licensePlates'],
      ].map(([path, field]) => ({ path, field, problem: 'MISSING' })),
    });
    expect(validateEftiXml(buildConsignmentSubsets(sparse, ['full']), 'common').valid).toBe(true);
    expect(validateEftiXml(buildIdentifierSubset(sparse), 'identifier').valid).toBe(true);
    expect(readinessOf(deliveredDocument(), 'EU03')).toEqual({ subsetId: 'EU03', complete: true, problems: [] });
    expect(readinessOf(deliveredDocument(), 'identifier').complete).toBe(true);
  });

  it('a plate without a country is left out of the upload (its schema requires one) and reported', () => {
    const source = deliveredDocument();
    source.licensePlates = source.licensePlates.map((plate) => ({ ...plate, countryCode: null }));
    expect(validateEftiXml(buildIdentifierSubset(source), 'identifier').valid).toBe(true);
    expect(validateEftiXml(buildConsignmentSubsets(source, ['EU03']), 'common').valid).toBe(true);
    expect(readinessOf(source, 'identifier').problems.map((problem) => problem.path)).toEqual([
      'mainCarriageTransportMovement/usedTransportMeans/registrationCountry/code',
      'usedTransportEquipment/registrationCountry/code',
    ]);
  });

  it('subset ids: repeated or comma-separated; known are the schema annotations’ and `full`', () => {
    expect(subsetIdsOf(['EU03,identifier', 'EU03', ' full '])).toEqual(['EU03', 'identifier', 'full']);
    expect(['EU03', 'identifier', 'full', 'AT02'].every(isKnownSubset)).toBe(true);
    expect(isKnownSubset('EU99')).toBe(false);
    expect(isKnownSubset('eu03')).toBe(false);
  });

  it('the subset table is the one the schema gives (scripts/efti/generate-subset-table.ts)', () => {
    const generated = renderSubsetTable(fs.readFileSync(path.join(EFTI_XSD_DIR, 'consignment-common.xsd'), 'utf8'));
    expect(fs.readFileSync(path.resolve(__dirname, '../../src/lib/efti/subset-table.generated.ts'), 'utf8')).toBe(generated);
  });
});
