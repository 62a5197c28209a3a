import { carrierAcceptanceTime, platesInOrder, statementsOf, type EftiSource } from './dataset';
import { alpha2Of, kilograms } from './formats';

/**
 * The EU03 content of a document in readable form (contract §15; Reg. (EU) 2020/1056 Art. 4(4): the driver shows it
 * on the device to an inspecting officer): the same facts the gate receives, taken by the same rules as the mapping.
 */
export interface AuthorityParty {
  slot: 'consignor' | 'consignee' | 'carrier';
  name: string;
  address: string[];
  taxRegistrationId?: string;
  statements: { code: 'OWN' | 'TFA' | 'SOG' | 'IMP'; at: string }[];
}

export interface AuthorityView {
  serviceNumber: string;
  parties: AuthorityParty[];
  takingOver: { place: string[]; at?: string };
  delivery: { place: string[]; at?: string };
  goods: { description: string; packages?: number; marks?: string; dangerousGoods?: { unNumber: string; properShippingName?: string } }[];
  grossWeightKg?: number;
  vehicles: { type: 'TRUCK' | 'TRAILER'; plate: string; country?: string }[];
}

const STATEMENT = { OWN: 'OWN', TFA: 'TFA', SIGN_ON_GLASS: 'SOG', IMPLICIT: 'IMP' } as const;

type Party = NonNullable<EftiSource['consignor']>;
const addressOf = (party: Party | null): string[] =>
  party
    ? [
        [party.streetName, party.buildingNumber].filter(Boolean).join(' '),
        party.postalBox ?? '',
        [party.postalCode, party.cityName].filter(Boolean).join(' '),
        alpha2Of(party.countryCode) ?? '',
      ].filter(Boolean)
    : [];

export function authorityViewOf(source: EftiSource): AuthorityView {
  const delivered = source.updates?.find((update) => update.newFreightDocumentStatus === 'DELIVERED');
  const lines = source.structuredGoods ?? [];
  const weights = lines.map((line) => (line.weight === undefined ? undefined : kilograms(line.weight, line.weightUnit)));
  return {
    serviceNumber: source.serviceNumber,
    parties: (['consignor', 'consignee', 'carrier'] as const).flatMap((slot) => {
      const party = source[slot];
      if (!party) return [];
      return [
        {
          slot,
          name: party.name ?? '',
          address: addressOf(party),
          ...(party.taxRegistrationId ? { taxRegistrationId: party.taxRegistrationId } : {}),
          statements: statementsOf(source, slot).map((approval) => ({
            code: STATEMENT[approval.type],
            at: approval.createDateTimeClient ?? approval.createDateTimeServer,
          })),
        },
      ];
    }),
    takingOver: { place: [source.placeOfTakingOver?.name ?? '', ...addressOf(source.placeOfTakingOver)].filter(Boolean), at: carrierAcceptanceTime(source) },
    delivery: {
      place: [source.placeOfDelivery?.name ?? '', ...addressOf(source.placeOfDelivery)].filter(Boolean),
      at: delivered ? (delivered.createDateTimeClient ?? delivered.createDateTimeServer) : undefined,
    },
    goods:
      lines.length > 0
        ? lines.map((line) => ({
            description: line.natureOfGoods ? `${line.name} (${line.natureOfGoods})` : line.name,
            ...(line.numberOfPackages !== undefined ? { packages: line.numberOfPackages } : {}),
            ...(line.marksAndNumbers ? { marks: line.marksAndNumbers } : {}),
            ...(line.dangerousGoods ? { dangerousGoods: line.dangerousGoods } : {}),
          }))
        : source.goods
          ? [{ description: source.goods }]
          : [],
    ...(weights.length > 0 && weights.every((weight) => weight !== undefined)
      ? { grossWeightKg: Math.round((weights as number[]).reduce((sum, weight) => sum + weight, 0) * 1000) / 1000 }
      : {}),
    vehicles: (['TRUCK', 'TRAILER'] as const).flatMap((type) =>
      platesInOrder(source, type).map((plate) => ({
        type,
        plate: plate.licensePlate,
        ...(alpha2Of(plate.countryCode) ? { country: alpha2Of(plate.countryCode) } : {}),
      })),
    ),
  };
}
