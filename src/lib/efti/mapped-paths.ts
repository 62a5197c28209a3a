/**
 * Every element the mapping can write below `consignment` (contract §15's table), as the leaf paths of
 * consignment-common.xsd. The subsets each belongs to are read from the XSD's `<efti>` annotations by
 * scripts/efti/generate-subset-table.ts into subset-table.generated.ts; a unit test keeps the two in step.
 */
const ADDRESS = ['buildingNumber', 'cityName', 'countryCode', 'postOfficeBox', 'postcode', 'streetName'] as const;
const PARTY = [
  'confirmedDocumentAuthentication/actualDateTime',
  'confirmedDocumentAuthentication/statementCode',
  'name',
  ...ADDRESS.map((part) => `postalAddress/${part}`),
  'taxRegistration/id',
] as const;
const LOCATION_ADDRESS = ADDRESS.map((part) => `postalAddress/${part}`);

export const MAPPED_PATHS: readonly string[] = [
  'cODAmount',
  ...PARTY.map((path) => `carrier/${path}`),
  'carrierAcceptanceDateTime',
  'carrierAcceptanceLocation/geographicalCoordinates/latitude',
  'carrierAcceptanceLocation/geographicalCoordinates/longitude',
  'carrierAcceptanceLocation/name',
  ...LOCATION_ADDRESS.map((path) => `carrierAcceptanceLocation/${path}`),
  ...PARTY.map((path) => `consignee/${path}`),
  'consigneeReceiptLocation/name',
  ...LOCATION_ADDRESS.map((path) => `consigneeReceiptLocation/${path}`),
  ...PARTY.map((path) => `consignor/${path}`),
  'deliveryEvent/actualOccurrenceDateTime',
  'grossVolume',
  'grossWeight',
  'includedConsignmentItem/transportDangerousGoods/properShippingName',
  'includedConsignmentItem/transportDangerousGoods/uNDGID',
  'mainCarriageTransportMovement/dangerousGoodsIndicator',
  'mainCarriageTransportMovement/modeCode',
  'mainCarriageTransportMovement/usedTransportMeans/id',
  'mainCarriageTransportMovement/usedTransportMeans/registrationCountry/code',
  'mainCarriageTransportMovement/usedTransportMeans/typeCode',
  'natureIdentificationCargo/identificationText',
  'transportContractDocument/formattedIssueDateTime',
  'transportContractDocument/id',
  'transportContractDocument/issueLocation/name',
  'transportContractDocument/typeCode',
  'transportPackage/itemQuantity',
  'transportPackage/shippingMarks/markingText',
  'transportPackage/typeText',
  'usedTransportEquipment/categoryCode',
  'usedTransportEquipment/id',
  'usedTransportEquipment/registrationCountry/code',
  'usedTransportEquipment/sequenceNumber',
];
