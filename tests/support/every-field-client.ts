/**
 * Bodies as client systems written for the commercial service send them (contract §1): every attribute of
 * their structures is present, the unset ones as `""` (strings), 0 (numbers) or an object whose attributes are
 * all `""` (a nested structure that is not a pointer). Shared by the unit, service and integration tiers.
 */

const ROLE_FIELDS = [
  'accountId',
  'buildingNumber',
  'cityName',
  'contactEmailAddress',
  'contactName',
  'contactNote',
  'contactPhoneNumber',
  'countryCode',
  'countryName',
  'name',
  'postalBox',
  'postalCode',
  'roleId',
  'streetName',
  'submittedAccountEmailAddress',
  'submittedAccountNumber',
] as const;

type RoleField = (typeof ROLE_FIELDS)[number];

/** A party with every attribute present; those not given are `""`. */
export function everyFieldRole(values: Partial<Record<RoleField, string>> = {}): Record<RoleField, string> {
  return Object.fromEntries(ROLE_FIELDS.map((field) => [field, values[field] ?? ''])) as Record<RoleField, string>;
}

const noSecrets = () => ({ s1: '', s2: '', s3: '' });

/** A creation body with every attribute such a client knows; unset ones `""`, 0 or null lists. */
export function everyFieldBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    agreedDateOfTakingOver: '2026-12-01',
    approvals: null,
    attachments: [],
    carrier: everyFieldRole(),
    carrierCode: '',
    collectionSecrets: noSecrets(),
    comments: null,
    consignee: everyFieldRole({ name: 'Beta Foods', cityName: 'Köln', countryCode: 'DEU' }),
    consignor: everyFieldRole({ name: 'Acme Shipping', streetName: 'Kade', buildingNumber: '12', cityName: 'Rotterdam', countryCode: 'NLD' }),
    deliveryDate: '',
    deliverySecrets: noSecrets(),
    establishedDate: '2026-11-21',
    establishedPlace: '',
    estimatedDateTimeOfDelivery: '',
    estimatedDateTimeOfTakingOver: '',
    freightDocumentId: '',
    goods: '12 pallets of apples',
    lastModifiedDateTime: '',
    ownPermissions: null,
    paymentForCarriage: '',
    placeOfDelivery: null,
    placeOfTakingOver: everyFieldRole({ name: 'Dock 4', countryCode: 'NLD' }),
    previousCommits: null,
    references: [],
    reimbursementAmount: 0,
    reimbursementCurrency: '',
    senderInstructions: '',
    specialAgreements: '',
    status: 'DRAFT',
    submitterAccountId: '',
    submitterName: '',
    subsequentCarriers: null,
    transFollowNumber: '',
    transportConditions: '',
    type: 'WAYBILL',
    updates: null,
    ...overrides,
  };
}

/** An attachment as such a client sends a new one: no id yet, size 0, not sealed. */
export function everyFieldAttachment(content: Buffer, originalFileName: string, type = 'GENERAL') {
  return { attachmentId: '', content: content.toString('base64'), mimeType: '', name: originalFileName, originalFileName, sealed: false, size: 0, type };
}

/**
 * A document as such a client sends it back after reading it: its nulls became `""` (a string field that
 * holds nothing) at every depth, and attachments are named by id with empty content.
 */
export function asEveryFieldClientSendsBack(document: Record<string, unknown>): Record<string, unknown> {
  const blank = (value: unknown): unknown => {
    if (value === null) return '';
    if (Array.isArray(value)) return value.map(blank);
    if (typeof value === 'object') return Object.fromEntries(Object.entries(value as object).map(([key, inner]) => [key, blank(inner)]));
    return value;
  };
  const body = blank(document) as Record<string, unknown>;
  body.attachments = ((document.attachments as Record<string, unknown>[] | undefined) ?? []).map((attachment) => ({
    ...(blank(attachment) as object),
    content: '',
  }));
  return body;
}
