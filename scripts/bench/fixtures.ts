/**
 * The freight document the benchmark creates over HTTP, and the same shape as stored rows for the SQL seed.
 * Parties carry no account number or e-mail, so creating a document queues no mail: the background worker
 * (which only the Next.js process runs) stays idle and does not skew the side-by-side figures.
 */
export const DOCUMENT_BODY = {
  type: 'WAYBILL',
  consignor: { name: 'Paper Mills BV', streetName: 'Havenweg', buildingNumber: '12', postalCode: '3011 AA', cityName: 'Rotterdam', countryCode: 'NLD' },
  consignee: { name: 'Druckerei GmbH', streetName: 'Industriestraße', buildingNumber: '7', postalCode: '20095', cityName: 'Hamburg', countryCode: 'DEU' },
  carrier: { name: 'Fast Freight NV', streetName: 'Kaai', buildingNumber: '3', postalCode: '2000', cityName: 'Antwerpen', countryCode: 'BEL' },
  placeOfTakingOver: { name: 'Warehouse Rotterdam', cityName: 'Rotterdam', countryCode: 'NLD' },
  placeOfDelivery: { name: 'Druckerei GmbH', cityName: 'Hamburg', countryCode: 'DEU' },
  goods: '24 pallets of paper rolls, 18,000 kg',
  establishedDate: '2025-03-10',
  establishedPlace: 'Rotterdam',
  carrierCode: 'FFNV',
  agreedDateTimeOfTakingOver: '2025-03-11T08:00:00Z',
  references: [{ name: 'order', value: 'PO-4711' }],
};

/** Roles of a seeded document other than SUBMITTER, with the stored party (what `storedParty` keeps). */
export const SEEDED_PARTIES: [role: string, party: Record<string, unknown>][] = [
  ['CONSIGNOR', DOCUMENT_BODY.consignor],
  ['CONSIGNEE', DOCUMENT_BODY.consignee],
  ['CARRIER', DOCUMENT_BODY.carrier],
  ['PLACE_OF_TAKING_OVER', DOCUMENT_BODY.placeOfTakingOver],
  ['PLACE_OF_DELIVERY', DOCUMENT_BODY.placeOfDelivery],
];

/** The stored `content` of DOCUMENT_BODY (what `buildContent` produces). */
export const SEEDED_CONTENT = {
  goods: DOCUMENT_BODY.goods,
  references: DOCUMENT_BODY.references,
  availableSigningMethods: { collection: ['OWN', 'TFA'], carrierToCarrier: ['OWN', 'TFA'], delivery: ['OWN', 'TFA', 'SIGN_ON_GLASS'] },
};
