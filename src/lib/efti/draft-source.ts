import type { EftiSource } from './dataset';

type Body = Record<string, unknown>;
const record = (value: unknown): Body | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : null);
const party = (value: unknown, roleId: string) => {
  const found = record(value);
  return found ? ({ ...found, roleId, accountId: null } as unknown as NonNullable<EftiSource['consignor']>) : null;
};

/**
 * A document not saved yet, as the readiness check reads it: the creation body the portal's form would send (no
 * plates, approvals or commits yet: those come later, and readiness says so).
 */
export function draftSource(body: Body): EftiSource {
  const lines = Array.isArray(body.structuredGoods) ? (body.structuredGoods as Body[]) : [];
  return {
    serviceNumber: '',
    status: 'DRAFT',
    consignor: party(body.consignor, 'consignor'),
    consignee: party(body.consignee, 'consignee'),
    carrier: party(body.carrier, 'carrier'),
    placeOfTakingOver: party(body.placeOfTakingOver, 'placeOfTakingOver'),
    placeOfDelivery: party(body.placeOfDelivery, 'placeOfDelivery'),
    subsequentCarriers: [],
    agreedDateTimeOfTakingOver: typeof body.agreedDateTimeOfTakingOver === 'string' ? body.agreedDateTimeOfTakingOver : null,
    estimatedDateTimeOfTakingOver: typeof body.estimatedDateTimeOfTakingOver === 'string' ? body.estimatedDateTimeOfTakingOver : null,
    establishedDate: typeof body.establishedDate === 'string' ? body.establishedDate : null,
    establishedPlace: typeof body.establishedPlace === 'string' ? body.establishedPlace : null,
    goods: typeof body.goods === 'string' ? body.goods : null,
    structuredGoods: lines.map((line, index) => ({ type: 'GOOD', name: '', ...line, productId: index }) as EftiSource['structuredGoods'][number]),
    licensePlates: [],
    approvals: [],
    updates: [],
  };
}
