import type { ApprovalResponse, FreightDocumentContent, PartyResponse } from '@/lib/schemas/freight-document-response';
import { alpha2Of, cubicMetres, date102, dateTime205, fixedDecimal, kilograms, trimmedDecimal } from './formats';
import { cutText, lengthOf, splitText, xmlText } from './text';
import type { XmlElement } from './xml-element';

export type { XmlElement } from './xml-element';

/**
 * The eFTI data set of a freight document (contract §15's mapping table), pure: the document as its single read
 * shows it in, a tree of the schema's elements out. Each aggregate has its builder below, its children written in the
 * schema's order (ASCII order of their names). Every leaf carries its path below `consignment`, by which the
 * subsets it belongs to are looked up (subsets.ts); the XML is written from the tree by xml.ts.
 */

/** A value longer than its eFTI length: written split or cut, and reported TOO_LONG. */
export interface Overlong {
  path: string;
  field: string;
  max: number;
}

/** The document as the mapping reads it: the content of a single read (approvals and updates included). */
export type EftiSource = Pick<
  FreightDocumentContent,
  | 'serviceNumber'
  | 'status'
  | 'consignor'
  | 'consignee'
  | 'carrier'
  | 'placeOfTakingOver'
  | 'placeOfDelivery'
  | 'subsequentCarriers'
  | 'agreedDateTimeOfTakingOver'
  | 'estimatedDateTimeOfTakingOver'
  | 'establishedDate'
  | 'establishedPlace'
  | 'reimbursementAmount'
  | 'reimbursementCurrency'
  | 'goods'
  | 'structuredGoods'
  | 'licensePlates'
  | 'approvals'
  | 'updates'
>;

/** Contract §15's lengths. */
export const EFTI_LENGTHS = { name: 35, id: 17, marks: 70, dangerousGoodsName: 128, goods: 512 } as const;
/** Roads (UN/ECE Recommendation 19). */
const ROAD_TRANSPORT = '3';
/** The means' type awaits the code list of the 2024/2024 annex; 31 (truck) meanwhile, as the contract says. */
const TRUCK_TYPE_CODE = '31';
/** UN/ECE Recommendation 21: TE, trailer. */
const TRAILER_CATEGORY = 'TE';
/** UN/EDIFACT 1001: 730, road consignment note. */
const ROAD_CONSIGNMENT_NOTE = '730';
/** Approvals become statements (contract §15): by type, the way the party confirmed. */
const STATEMENT_CODES: Record<ApprovalResponse['type'], string> = { OWN: 'OWN', TFA: 'TFA', SIGN_ON_GLASS: 'SOG', IMPLICIT: 'IMP' };

type PartySlot = 'carrier' | 'consignee' | 'consignor';
type LocationSlot = 'placeOfTakingOver' | 'placeOfDelivery';

/** Collects the overlong values while the tree is built. */
class Writer {
  readonly overlong: Overlong[] = [];

  private note(path: string, field: string, max: number, value: string) {
    if (lengthOf(xmlText(value)) > max) this.overlong.push({ path, field, max });
  }

  /** One element per part of the text (an element that repeats). */
  repeated(parent: string, name: string, value: string | null | undefined, max: number, field: string): XmlElement[] {
    if (!value || !xmlText(value)) return [];
    const path = join(parent, name);
    this.note(path, field, max, value);
    return splitText(value, max).map((text) => ({ name, path, text }));
  }

  /** One element with the text cut at its length (an element that cannot repeat). */
  single(parent: string, name: string, value: string | null | undefined, max: number, field: string): XmlElement[] {
    if (!value || !xmlText(value)) return [];
    const path = join(parent, name);
    this.note(path, field, max, value);
    return [{ name, path, text: cutText(value, max) }];
  }
}

const join = (parent: string, name: string) => (parent ? `${parent}/${name}` : name);
const leaf = (parent: string, name: string, text: string | undefined, attributes?: Record<string, string>): XmlElement[] =>
  text === undefined ? [] : [{ name, path: join(parent, name), text, ...(attributes ? { attributes } : {}) }];
/** An aggregate, written only with content (contract §15: aggregates only with content). */
const aggregate = (parent: string, name: string, build: (path: string) => XmlElement[]): XmlElement[] => {
  const path = join(parent, name);
  const children = build(path);
  return children.length > 0 ? [{ name, path, children }] : [];
};

/** When a status move happened: the commit that made it, at the time the change was made. */
function statusReachedAt(source: EftiSource, status: 'TRANSIT' | 'DELIVERED'): string | undefined {
  const update = source.updates?.find((candidate) => candidate.newFreightDocumentStatus === status);
  return update ? (update.createDateTimeClient ?? update.createDateTimeServer) : undefined;
}

/** `carrierAcceptanceDateTime`: the COLLECTION's completion, before it the agreed time of taking over, else the estimated one. */
export function carrierAcceptanceTime(source: EftiSource): string | undefined {
  return statusReachedAt(source, 'TRANSIT') ?? source.agreedDateTimeOfTakingOver ?? source.estimatedDateTimeOfTakingOver ?? undefined;
}

/** The approvals a party gave (not declined) that become its statements. */
export function statementsOf(source: EftiSource, slot: PartySlot): ApprovalResponse[] {
  const given = (source.approvals ?? []).filter((approval) => !approval.declined);
  switch (slot) {
    case 'carrier':
      return given.filter((approval) => approval.action === 'COLLECTION' && approval.side === 'CARRIER');
    case 'consignor':
      return given.filter((approval) => approval.action === 'COLLECTION' && approval.side === 'COUNTER_PARTY');
    case 'consignee':
      return given.filter((approval) => approval.action === 'DELIVERY' && approval.side === 'COUNTER_PARTY');
  }
}

/** TradeAddress: buildingNumber, cityName, countryCode, postOfficeBox, postcode, streetName. */
function postalAddress(writer: Writer, parent: string, party: PartyResponse, fieldPrefix: string): XmlElement[] {
  return aggregate(parent, 'postalAddress', (path) => [
    ...writer.single(path, 'buildingNumber', party.buildingNumber, EFTI_LENGTHS.id, `${fieldPrefix}.buildingNumber`),
    ...writer.repeated(path, 'cityName', party.cityName, EFTI_LENGTHS.name, `${fieldPrefix}.cityName`),
    ...leaf(path, 'countryCode', alpha2Of(party.countryCode)),
    ...writer.single(path, 'postOfficeBox', party.postalBox, EFTI_LENGTHS.id, `${fieldPrefix}.postalBox`),
    ...writer.repeated(path, 'postcode', party.postalCode, EFTI_LENGTHS.id, `${fieldPrefix}.postalCode`),
    ...writer.repeated(path, 'streetName', party.streetName, EFTI_LENGTHS.name, `${fieldPrefix}.streetName`),
  ]);
}

/** TradeParty (P): confirmedDocumentAuthentication, name, postalAddress, taxRegistration. Contacts are not sent. */
function tradeParty(writer: Writer, source: EftiSource, slot: PartySlot): XmlElement[] {
  const party = source[slot];
  if (!party) return [];
  return aggregate('', slot, (path) => [
    ...statementsOf(source, slot).flatMap((approval) =>
      aggregate(path, 'confirmedDocumentAuthentication', (statement) => [
        ...leaf(statement, 'actualDateTime', dateTime205(approval.createDateTimeClient ?? approval.createDateTimeServer), { formatId: '205' }),
        ...leaf(statement, 'statementCode', STATEMENT_CODES[approval.type]),
      ]),
    ),
    ...writer.repeated(path, 'name', party.name, EFTI_LENGTHS.name, `${slot}.name`),
    ...postalAddress(writer, path, party, slot),
    ...aggregate(path, 'taxRegistration', (tax) => writer.single(tax, 'id', party.taxRegistrationId, EFTI_LENGTHS.name, `${slot}.taxRegistrationId`)),
  ]);
}

/** LogisticsLocation: geographicalCoordinates, name, postalAddress. */
function location(writer: Writer, name: string, party: PartyResponse | null, slot: LocationSlot, coordinates?: ApprovalResponse['location']): XmlElement[] {
  if (!party) return [];
  return aggregate('', name, (path) => [
    ...(coordinates
      ? aggregate(path, 'geographicalCoordinates', (point) => [
          ...leaf(point, 'latitude', fixedDecimal(Number(coordinates.latitude), 6)),
          ...leaf(point, 'longitude', fixedDecimal(Number(coordinates.longitude), 6)),
        ])
      : []),
    ...writer.repeated(path, 'name', party.name, EFTI_LENGTHS.name, `${slot}.name`),
    ...postalAddress(writer, path, party, slot),
  ]);
}

/** Where the cargo was taken over: the COLLECTION approvals' first recorded location. */
function collectionLocation(source: EftiSource): ApprovalResponse['location'] | undefined {
  return (source.approvals ?? []).find((approval) => approval.action === 'COLLECTION' && !approval.declined && approval.location)?.location ?? undefined;
}

const lines = (source: EftiSource) => source.structuredGoods ?? [];

/** Σ of a quantity over the lines, only when every line has one. */
function total(source: EftiSource, of: (line: EftiSource['structuredGoods'][number]) => number | undefined): number | undefined {
  const values = lines(source).map(of);
  if (values.length === 0 || values.some((value) => value === undefined)) return undefined;
  return (values as number[]).reduce((sum, value) => sum + value, 0);
}

function grossWeight(source: EftiSource): XmlElement[] {
  const kg = total(source, (line) => (line.weight === undefined ? undefined : kilograms(line.weight, line.weightUnit)));
  return kg === undefined ? [] : leaf('', 'grossWeight', fixedDecimal(kg, 3), { unitId: 'KGM' });
}

function grossVolume(source: EftiSource): XmlElement[] {
  const m3 = total(source, (line) => (line.volume === undefined ? undefined : cubicMetres(line.volume, line.volumeUnit)));
  return m3 === undefined ? [] : leaf('', 'grossVolume', trimmedDecimal(m3, 6), { unitId: 'MTQ' });
}

/** includedConsignmentItem/transportDangerousGoods per line with dangerous goods. */
function dangerousGoodsItems(writer: Writer, source: EftiSource): XmlElement[] {
  return lines(source).flatMap((line, index) =>
    line.dangerousGoods
      ? aggregate('', 'includedConsignmentItem', (item) =>
          aggregate(item, 'transportDangerousGoods', (goods) => [
            ...writer.repeated(
              goods,
              'properShippingName',
              line.dangerousGoods!.properShippingName,
              EFTI_LENGTHS.dangerousGoodsName,
              `structuredGoods[${index}].dangerousGoods.properShippingName`,
            ),
            ...leaf(goods, 'uNDGID', line.dangerousGoods!.unNumber),
          ]),
        )
      : [],
  );
}

/** The plates of the carrier, then of each subsequent carrier in order. */
export function platesInOrder(source: EftiSource, type: 'TRUCK' | 'TRAILER') {
  const roleOrder = [source.carrier?.roleId, ...source.subsequentCarriers.map((carrier) => carrier.roleId)];
  const rank = (roleId: string) => {
    const index = roleOrder.indexOf(roleId);
    return index === -1 ? roleOrder.length : index;
  };
  return source.licensePlates
    .map((plate, index) => ({ plate, index }))
    .filter(({ plate }) => plate.type === type)
    .sort((a, b) => rank(a.plate.roleId) - rank(b.plate.roleId) || a.index - b.index)
    .map(({ plate }) => plate);
}

const carriesDangerousGoods = (source: EftiSource) => lines(source).some((line) => line.dangerousGoods);

/** mainCarriageTransportMovement per TRUCK plate: dangerousGoodsIndicator, modeCode, usedTransportMeans. */
function movements(writer: Writer, source: EftiSource): XmlElement[] {
  return platesInOrder(source, 'TRUCK').flatMap((plate) =>
    aggregate('', 'mainCarriageTransportMovement', (path) => [
      ...leaf(path, 'dangerousGoodsIndicator', String(carriesDangerousGoods(source))),
      ...leaf(path, 'modeCode', ROAD_TRANSPORT),
      ...aggregate(path, 'usedTransportMeans', (means) => [
        ...writer.single(means, 'id', plate.licensePlate, EFTI_LENGTHS.id, 'licensePlates'),
        ...aggregate(means, 'registrationCountry', (country) => leaf(country, 'code', alpha2Of(plate.countryCode))),
        ...leaf(means, 'typeCode', TRUCK_TYPE_CODE),
      ]),
    ]),
  );
}

/** natureIdentificationCargo: the goods text, or per line its name (and nature of goods). */
function natureOfCargo(writer: Writer, source: EftiSource): XmlElement[] {
  return aggregate('', 'natureIdentificationCargo', (path) =>
    lines(source).length > 0
      ? lines(source).flatMap((line, index) =>
          writer.repeated(
            path,
            'identificationText',
            line.natureOfGoods ? `${line.name} (${line.natureOfGoods})` : line.name,
            EFTI_LENGTHS.goods,
            `structuredGoods[${index}].name`,
          ),
        )
      : writer.repeated(path, 'identificationText', source.goods, EFTI_LENGTHS.goods, 'goods'),
  );
}

/** transportContractDocument: the consignment note itself. */
function contractDocument(writer: Writer, source: EftiSource): XmlElement[] {
  return aggregate('', 'transportContractDocument', (path) => [
    ...leaf(path, 'formattedIssueDateTime', source.establishedDate ? date102(source.establishedDate) : undefined, { formatId: '102' }),
    ...writer.single(path, 'id', source.serviceNumber, EFTI_LENGTHS.id, 'serviceNumber'),
    ...aggregate(path, 'issueLocation', (place) => writer.repeated(place, 'name', source.establishedPlace, EFTI_LENGTHS.name, 'establishedPlace')),
    ...leaf(path, 'typeCode', ROAD_CONSIGNMENT_NOTE),
  ]);
}

/** The schema's Integer8: at most eight digits. */
const MAX_ITEM_QUANTITY = 99_999_999;

/** transportPackage per line: itemQuantity, shippingMarks/markingText, typeText. */
function packages(writer: Writer, source: EftiSource): XmlElement[] {
  return lines(source).flatMap((line, index) =>
    aggregate('', 'transportPackage', (path) => [
      ...(line.numberOfPackages !== undefined && line.numberOfPackages <= MAX_ITEM_QUANTITY ? leaf(path, 'itemQuantity', String(line.numberOfPackages)) : []),
      ...aggregate(path, 'shippingMarks', (marks) =>
        writer.repeated(marks, 'markingText', line.marksAndNumbers, EFTI_LENGTHS.marks, `structuredGoods[${index}].marksAndNumbers`),
      ),
      ...writer.repeated(path, 'typeText', line.methodOfPackaging, EFTI_LENGTHS.name, `structuredGoods[${index}].methodOfPackaging`),
    ]),
  );
}

/** usedTransportEquipment per TRAILER plate: categoryCode, id, registrationCountry, sequenceNumber. */
function equipment(writer: Writer, source: EftiSource): XmlElement[] {
  return platesInOrder(source, 'TRAILER').flatMap((plate, index) =>
    aggregate('', 'usedTransportEquipment', (path) => [
      ...leaf(path, 'categoryCode', TRAILER_CATEGORY),
      ...writer.single(path, 'id', plate.licensePlate, EFTI_LENGTHS.id, 'licensePlates'),
      ...aggregate(path, 'registrationCountry', (country) => leaf(country, 'code', alpha2Of(plate.countryCode))),
      ...leaf(path, 'sequenceNumber', String(index + 1)),
    ]),
  );
}

function codAmount(source: EftiSource): XmlElement[] {
  const amount = source.reimbursementAmount;
  if (amount === undefined || amount <= 0 || !source.reimbursementCurrency) return [];
  return leaf('', 'cODAmount', fixedDecimal(amount, 2), { currencyId: source.reimbursementCurrency });
}

/** The whole mapped data set (the `full` subset), in the order of SupplyChainConsignment's sequence, and what was too long. */
export function eftiDataset(source: EftiSource): { elements: XmlElement[]; overlong: Overlong[] } {
  const writer = new Writer();
  const acceptance = carrierAcceptanceTime(source);
  const delivered = statusReachedAt(source, 'DELIVERED');
  const elements = [
    ...codAmount(source),
    ...tradeParty(writer, source, 'carrier'),
    ...leaf('', 'carrierAcceptanceDateTime', acceptance ? dateTime205(acceptance) : undefined, { formatId: '205' }),
    ...location(writer, 'carrierAcceptanceLocation', source.placeOfTakingOver, 'placeOfTakingOver', collectionLocation(source)),
    ...tradeParty(writer, source, 'consignee'),
    ...location(writer, 'consigneeReceiptLocation', source.placeOfDelivery, 'placeOfDelivery'),
    ...tradeParty(writer, source, 'consignor'),
    ...aggregate('', 'deliveryEvent', (path) => leaf(path, 'actualOccurrenceDateTime', delivered ? dateTime205(delivered) : undefined, { formatId: '205' })),
    ...grossVolume(source),
    ...grossWeight(source),
    ...dangerousGoodsItems(writer, source),
    ...movements(writer, source),
    ...natureOfCargo(writer, source),
    ...contractDocument(writer, source),
    ...packages(writer, source),
    ...equipment(writer, source),
  ];
  return { elements, overlong: writer.overlong };
}
