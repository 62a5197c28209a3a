import { labelLanguages } from '@/lib/pdf/label-languages';
import type { CmrPdfInput } from './model';

const party = (name: string, cityName: string, countryCode: string) => ({
  roleId: `warm-up-${countryCode}-${name}`,
  accountId: null,
  name,
  streetName: 'Havenweg',
  buildingNumber: '1',
  postalCode: '1000',
  cityName,
  countryCode,
});

/**
 * What each new PDF thread renders before its first real document (issue 24: no first-request penalty): the first
 * render of a thread loads the renderer (compiled by tsx), parses both fonts and warms V8, about ten times what a
 * page costs later. A page with every kind of box filled, in two label languages, so that nothing is first later.
 */
export const WARM_UP_DOCUMENT: CmrPdfInput = {
  document: {
    freightDocumentId: '00000000-0000-4000-8000-000000000000',
    serviceNumber: '000000000000',
    transFollowNumber: '000000000000',
    authorityReference: null,
    type: 'WAYBILL',
    status: 'ISSUED',
    submitterAccountId: '00000000-0000-4000-8000-000000000001',
    submitterName: 'Warm-up',
    consignor: party('Consignor BV', 'Rotterdam', 'NLD'),
    consignee: party('Consignee GmbH', 'Hamburg', 'DEU'),
    carrier: party('Carrier NV', 'Antwerpen', 'BEL'),
    placeOfTakingOver: party('Warehouse', 'Rotterdam', 'NLD'),
    placeOfDelivery: party('Plant', 'Hamburg', 'DEU'),
    subsequentCarriers: [],
    agreedDateTimeOfTakingOver: '2025-03-11T08:00:00.000Z',
    agreedDateOfTakingOver: null,
    agreedDateTimeOfDelivery: null,
    estimatedDateTimeOfTakingOver: null,
    estimatedDateTimeOfDelivery: null,
    establishedDate: '2025-03-10',
    establishedPlace: 'Rotterdam',
    goods: '24 pallets of paper rolls, 18,000 kg',
    structuredGoods: [],
    references: [{ name: 'order', value: 'PO-0' }],
    availableSigningMethods: { collection: ['OWN', 'TFA'], carrierToCarrier: ['OWN', 'TFA'], delivery: ['OWN', 'TFA', 'SIGN_ON_GLASS'] },
    carrierCode: null,
    deliveryDate: null,
    lastModifiedDateTime: '2025-03-10T08:00:00.000Z',
    previousCommits: [],
    structuredGoodsHeader: null,
    licensePlates: [],
    custody: null,
    consigneeHasRightOfDisposal: false,
    rightOfDisposal: { holderRole: 'CONSIGNOR' },
    replacedByPaper: null,
  },
  languages: labelLanguages({ countryCodes: ['NLD', 'DEU'] }),
  verificationUrl: 'http://localhost/verify/warm-up',
  watermark: true,
  signatures: {},
};
