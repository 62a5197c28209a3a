import { formatSeconds } from '@/lib/domain/dates';
import { splitAttachmentReferences } from '@/lib/schemas/attachment-references';
import { SIGNING_METHODS } from '@/lib/schemas/freight-document';

/**
 * The drafting form's state (every input as the person typed it) and its translation to and from the
 * creation/replacement body of the API. No rule is checked here: the body goes through the shared
 * `validateFreightDocument` before it is sent, and the server answers with the same error fields.
 */

export const PARTY_SLOTS = ['consignor', 'consignee', 'carrier', 'placeOfTakingOver', 'placeOfDelivery'] as const;
export type PartySlot = (typeof PARTY_SLOTS)[number];
/** The parties a document must have; the form always sends them, so that missing details are reported per field. */
export const REQUIRED_PARTIES: readonly PartySlot[] = ['consignor', 'consignee', 'placeOfTakingOver'];

/** Labels and hints are in the catalogues (`documents.party.fields`, `.hints`), under the same keys. */
export const PARTY_TEXT_FIELDS = [
  { key: 'name' },
  { key: 'streetName' },
  { key: 'buildingNumber' },
  { key: 'postalBox' },
  { key: 'postalCode' },
  { key: 'cityName' },
  { key: 'countryCode', hint: true, upper: true, maxLength: 3 },
  { key: 'countryName' },
  { key: 'contactName' },
  { key: 'contactEmailAddress', type: 'email' },
  { key: 'contactPhoneNumber', type: 'tel' },
  { key: 'contactNote' },
  { key: 'glnCode', hint: true, inputMode: 'numeric' },
  { key: 'taxRegistrationId' },
] as const satisfies readonly TextFieldSpec[];
export type PartyTextKey = (typeof PARTY_TEXT_FIELDS)[number]['key'];

export interface TextFieldSpec {
  key: string;
  /** The catalogue has a hint for this field. */
  hint?: boolean;
  type?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  upper?: boolean;
  maxLength?: number;
}

export type HolderKind = 'none' | 'account' | 'email';

export type PartyForm = Record<PartyTextKey, string> & {
  key: string;
  /** Kept unchanged in a replacement (spec §2.4). */
  roleId?: string;
  holderKind: HolderKind;
  holderValue: string;
  /** A role's holder cannot change once the role exists (4.8): shown, not editable. */
  holderLocked: boolean;
};

/** Labels and hints are in the catalogues (`documents.goods.fields`, `.hints`), under the same keys. */
export const GOODS_TEXT_FIELDS = [
  { key: 'name' },
  { key: 'shortName' },
  { key: 'numberOfPackages', inputMode: 'numeric' },
  { key: 'methodOfPackaging' },
  { key: 'natureOfGoods' },
  { key: 'weight', inputMode: 'decimal' },
  { key: 'volume', inputMode: 'decimal' },
  { key: 'commercialValue', inputMode: 'decimal' },
  { key: 'currency', hint: true, upper: true, maxLength: 3 },
  { key: 'ssccCode', hint: true, inputMode: 'numeric' },
  { key: 'eanCode', hint: true, inputMode: 'numeric' },
  { key: 'internalCode' },
  { key: 'statisticalNumber', inputMode: 'numeric' },
  { key: 'marksAndNumbers' },
  // Contract §15: a line's dangerous goods, sent as `dangerousGoods: {unNumber, properShippingName}`.
  { key: 'unNumber', hint: true, inputMode: 'numeric' },
  { key: 'properShippingName' },
] as const satisfies readonly TextFieldSpec[];
/** The form's flat inputs that the body nests under a line's `dangerousGoods`. */
const DANGEROUS_GOODS_FIELDS = ['unNumber', 'properShippingName'] as const;
export type GoodsTextKey = (typeof GOODS_TEXT_FIELDS)[number]['key'];
const NUMERIC_GOODS_FIELDS: ReadonlySet<GoodsTextKey> = new Set(['numberOfPackages', 'weight', 'volume', 'commercialValue', 'statisticalNumber']);

// Enumerations offered in the form; their labels are in the catalogues (`enums.goodsType`, `enums.weightUnit`, …).
export const GOODS_TYPES = ['GOOD', 'RTI'] as const;
export const WEIGHT_UNITS = ['KILOGRAM', 'TONNE', 'POUND'] as const;
export const VOLUME_UNITS = ['LITRE', 'CUBIC_METRE'] as const;

export type GoodsLineForm = Record<GoodsTextKey, string> & {
  key: string;
  productId?: number;
  type: string;
  weightUnit: string;
  volumeUnit: string;
};

export interface ReferenceForm {
  key: string;
  name: string;
  value: string;
}

export const ATTACHMENT_TYPES = ['GENERAL', 'GOODS'] as const;
export const ATTACHMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

interface AttachmentCommon {
  key: string;
  type: string;
  name: string;
  originalFileName: string;
  mimeType: string;
  sealed: boolean;
  size: number;
}
/** A file chosen in this form, its bytes read to base64 in the browser. */
export interface NewAttachmentForm extends AttachmentCommon {
  kind: 'new';
  content: string;
}
/** An attachment already on the document: sent back by id (no content) to keep it. */
export interface KeptAttachmentForm extends AttachmentCommon {
  kind: 'kept';
  attachmentId: string;
}
export type AttachmentForm = NewAttachmentForm | KeptAttachmentForm;

/** The cargo transfers and the signing methods each allows (labels: `enums.transfer`, `enums.signingMethod`). */
export const TRANSFERS = [
  { key: 'collection', methods: ['OWN', 'TFA'] },
  { key: 'carrierToCarrier', methods: ['OWN', 'TFA'] },
  { key: 'delivery', methods: ['OWN', 'TFA', 'SIGN_ON_GLASS'] },
] as const satisfies readonly { key: string; methods: readonly (typeof SIGNING_METHODS)[number][] }[];
export type TransferKey = (typeof TRANSFERS)[number]['key'];

/** Labels: `documents.form.dateTimes`. */
export const DATE_TIME_FIELDS = [
  { key: 'agreedDateTimeOfTakingOver' },
  { key: 'agreedDateTimeOfDelivery' },
  { key: 'estimatedDateTimeOfTakingOver' },
  { key: 'estimatedDateTimeOfDelivery' },
] as const;
export type DateTimeKey = (typeof DATE_TIME_FIELDS)[number]['key'];

/** Labels: `documents.form.textSections`. */
export const TEXT_SECTIONS = [{ key: 'senderInstructions' }, { key: 'specialAgreements' }, { key: 'transportConditions' }] as const;
export type TextSectionKey = (typeof TEXT_SECTIONS)[number]['key'];

export interface DocumentFormState {
  type: string;
  parties: Record<PartySlot, PartyForm>;
  subsequentCarriers: PartyForm[];
  /** `datetime-local` values (the browser's local time), sent as UTC with Z. */
  dateTimes: Record<DateTimeKey, string>;
  establishedDate: string;
  establishedPlace: string;
  reimbursementAmount: string;
  reimbursementCurrency: string;
  paymentForCarriage: string;
  carrierCode: string;
  goodsMode: 'text' | 'structured';
  goods: string;
  structuredGoods: GoodsLineForm[];
  texts: Record<TextSectionKey, string>;
  references: ReferenceForm[];
  attachments: AttachmentForm[];
  signing: Record<TransferKey, string[]>;
  /** The heads the edit started from, recorded as the parents of the replacement commit. */
  previousCommits?: string[];
}

let keyCounter = 0;
/** Stable React keys for rows that can be added and removed. */
export function newKey(prefix: string): string {
  keyCounter += 1;
  return `${prefix}-${keyCounter}`;
}

export function emptyParty(): PartyForm {
  const party = Object.fromEntries(PARTY_TEXT_FIELDS.map((field) => [field.key, ''])) as Record<PartyTextKey, string>;
  return { ...party, key: newKey('party'), holderKind: 'none', holderValue: '', holderLocked: false };
}

export function emptyGoodsLine(): GoodsLineForm {
  const line = Object.fromEntries(GOODS_TEXT_FIELDS.map((field) => [field.key, ''])) as Record<GoodsTextKey, string>;
  return { ...line, key: newKey('line'), type: 'GOOD', weightUnit: 'KILOGRAM', volumeUnit: '' };
}

export function emptyReference(): ReferenceForm {
  return { key: newKey('reference'), name: '', value: '' };
}

export function emptyForm(): DocumentFormState {
  return {
    type: 'WAYBILL',
    parties: {
      consignor: emptyParty(),
      consignee: emptyParty(),
      carrier: emptyParty(),
      placeOfTakingOver: emptyParty(),
      placeOfDelivery: emptyParty(),
    },
    subsequentCarriers: [],
    dateTimes: { agreedDateTimeOfTakingOver: '', agreedDateTimeOfDelivery: '', estimatedDateTimeOfTakingOver: '', estimatedDateTimeOfDelivery: '' },
    establishedDate: '',
    establishedPlace: '',
    reimbursementAmount: '',
    reimbursementCurrency: '',
    paymentForCarriage: '',
    carrierCode: '',
    goodsMode: 'structured',
    goods: '',
    structuredGoods: [emptyGoodsLine()],
    texts: { senderInstructions: '', specialAgreements: '', transportConditions: '' },
    references: [],
    attachments: [],
    // The service's defaults when a body names none.
    signing: { collection: ['OWN', 'TFA'], carrierToCarrier: ['OWN', 'TFA'], delivery: ['OWN', 'TFA', 'SIGN_ON_GLASS'] },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Form → body

const trimmed = (value: string): string | undefined => {
  const text = value.trim();
  return text === '' ? undefined : text;
};

/**
 * A number when the text is one; otherwise the text itself, so that the schema reports its format error. A decimal
 * comma (1200,5 as German, French, Dutch and Polish write it) is read as the decimal point.
 */
export function numberOrText(value: string): number | string | undefined {
  const text = trimmed(value)?.replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (text === undefined) return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
}

/** `datetime-local` (local time) → ISO 8601 UTC with Z; an unreadable value is sent as typed (3.17). */
export function utcFromLocal(value: string): string | undefined {
  const text = trimmed(value);
  if (text === undefined) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : formatSeconds(date);
}

/** ISO 8601 → the `datetime-local` value of the same instant in the browser's time zone. */
export function localFromUtc(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (number: number) => String(number).padStart(2, '0');
  const base = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return date.getSeconds() ? `${base}:${pad(date.getSeconds())}` : base;
}

function partyBody(party: PartyForm, required: boolean): Record<string, unknown> | undefined {
  const body: Record<string, unknown> = {};
  for (const field of PARTY_TEXT_FIELDS) {
    const value = trimmed(party[field.key]);
    if (value !== undefined) body[field.key] = 'upper' in field && field.upper ? value.toUpperCase() : value;
  }
  const holder = trimmed(party.holderValue);
  if (holder !== undefined && party.holderKind === 'account') body.submittedAccountNumber = holder;
  if (holder !== undefined && party.holderKind === 'email') body.submittedAccountEmailAddress = holder;
  if (party.roleId) body.roleId = party.roleId;
  return required || Object.keys(body).length > 0 ? body : undefined;
}

function goodsLineBody(line: GoodsLineForm): Record<string, unknown> {
  const body: Record<string, unknown> = { type: line.type || undefined };
  for (const field of GOODS_TEXT_FIELDS) {
    const value = NUMERIC_GOODS_FIELDS.has(field.key) ? numberOrText(line[field.key]) : trimmed(line[field.key]);
    if (value !== undefined) body[field.key] = typeof value === 'string' && 'upper' in field && field.upper ? value.toUpperCase() : value;
  }
  const dangerousGoods = Object.fromEntries(DANGEROUS_GOODS_FIELDS.flatMap((key) => (body[key] === undefined ? [] : [[key, body[key]]])));
  for (const key of DANGEROUS_GOODS_FIELDS) delete body[key];
  if (Object.keys(dangerousGoods).length > 0) body.dangerousGoods = dangerousGoods;
  if (line.weightUnit && body.weight !== undefined) body.weightUnit = line.weightUnit;
  if (line.volumeUnit && body.volume !== undefined) body.volumeUnit = line.volumeUnit;
  if (line.productId !== undefined) body.productId = line.productId;
  return body;
}

/**
 * The creation/replacement body. Every row is sent (an empty reference row too), so that an error's
 * `references[1].name` points at the second row on screen. Attachments kept from the document are sent by id
 * only; new ones follow them, and error paths count new attachments only (the server validates those alone).
 */
export function bodyFromForm(state: DocumentFormState): Record<string, unknown> {
  const body: Record<string, unknown> = { type: state.type };
  for (const slot of PARTY_SLOTS) {
    const party = partyBody(state.parties[slot], REQUIRED_PARTIES.includes(slot));
    if (party) body[slot] = party;
  }
  body.subsequentCarriers = state.subsequentCarriers.map((party) => partyBody(party, true));
  for (const field of DATE_TIME_FIELDS) {
    const value = utcFromLocal(state.dateTimes[field.key]);
    if (value !== undefined) body[field.key] = value;
  }
  const optionalText: Record<string, string | undefined> = {
    establishedDate: trimmed(state.establishedDate),
    establishedPlace: trimmed(state.establishedPlace),
    reimbursementCurrency: trimmed(state.reimbursementCurrency)?.toUpperCase(),
    paymentForCarriage: trimmed(state.paymentForCarriage),
    carrierCode: trimmed(state.carrierCode),
    ...Object.fromEntries(TEXT_SECTIONS.map((section) => [section.key, trimmed(state.texts[section.key])])),
  };
  for (const [key, value] of Object.entries(optionalText)) if (value !== undefined) body[key] = value;
  const amount = numberOrText(state.reimbursementAmount);
  if (amount !== undefined) body.reimbursementAmount = amount;
  if (state.goodsMode === 'text') {
    const goods = trimmed(state.goods);
    if (goods !== undefined) body.goods = goods;
  } else {
    body.structuredGoods = state.structuredGoods.map(goodsLineBody);
  }
  body.references = state.references.map((reference) => ({ name: trimmed(reference.name), value: trimmed(reference.value) }));
  body.attachments = [
    ...state.attachments.filter((file): file is KeptAttachmentForm => file.kind === 'kept').map((file) => ({ attachmentId: file.attachmentId })),
    ...newAttachments(state).map((file) => ({
      type: file.type,
      ...(trimmed(file.name) ? { name: trimmed(file.name) } : {}),
      originalFileName: file.originalFileName,
      mimeType: file.mimeType,
      sealed: file.sealed,
      content: file.content,
    })),
  ];
  body.availableSigningMethods = { ...state.signing };
  if (state.previousCommits?.length) body.previousCommits = state.previousCommits;
  return body;
}

export function newAttachments(state: DocumentFormState): NewAttachmentForm[] {
  return state.attachments.filter((file): file is NewAttachmentForm => file.kind === 'new');
}

/** What the shared validation sees: the body as the server validates it, attachments sent back by id set aside (contract §4). */
export function bodyToValidate(body: Record<string, unknown>): Record<string, unknown> {
  return splitAttachmentReferences(body).body;
}

/** Sizes for the client-side warnings about the limits of spec §8 (the server enforces them: 3.34). */
export function attachmentTotals(state: Pick<DocumentFormState, 'attachments'>): { total: number; images: number } {
  let total = 0;
  let images = 0;
  for (const file of state.attachments) {
    total += file.size;
    if (file.mimeType.startsWith('image/')) images += file.size;
  }
  return { total, images };
}

// ---------------------------------------------------------------------------------------------------------
// Document → form (editing a draft)

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function partyFromDocument(value: unknown): PartyForm {
  const party = record(value);
  const form = emptyParty();
  if (!party) return form;
  for (const field of PARTY_TEXT_FIELDS) form[field.key] = text(party[field.key]);
  form.roleId = typeof party.roleId === 'string' ? party.roleId : undefined;
  if (party.submittedAccountNumber) {
    form.holderKind = 'account';
    form.holderValue = text(party.submittedAccountNumber);
  } else if (party.submittedAccountEmailAddress) {
    form.holderKind = 'email';
    form.holderValue = text(party.submittedAccountEmailAddress);
  }
  form.holderLocked = Boolean(form.roleId);
  return form;
}

export function formFromDocument(document: Record<string, unknown>): DocumentFormState {
  const form = emptyForm();
  form.type = text(document.type) || 'WAYBILL';
  for (const slot of PARTY_SLOTS) form.parties[slot] = partyFromDocument(document[slot]);
  form.subsequentCarriers = list(document.subsequentCarriers).map(partyFromDocument);
  for (const field of DATE_TIME_FIELDS) form.dateTimes[field.key] = localFromUtc(document[field.key]);
  form.establishedDate = text(document.establishedDate);
  form.establishedPlace = text(document.establishedPlace);
  form.reimbursementAmount = text(document.reimbursementAmount);
  form.reimbursementCurrency = text(document.reimbursementCurrency);
  form.paymentForCarriage = text(document.paymentForCarriage);
  form.carrierCode = text(document.carrierCode);
  const lines = list(document.structuredGoods)
    .map(record)
    .filter((line) => line !== undefined);
  if (lines.length > 0) {
    form.goodsMode = 'structured';
    form.structuredGoods = lines.map((line) => {
      const form = emptyGoodsLine();
      for (const field of GOODS_TEXT_FIELDS) form[field.key] = text(line[field.key]);
      const dangerousGoods = record(line.dangerousGoods);
      for (const key of DANGEROUS_GOODS_FIELDS) form[key] = text(dangerousGoods?.[key]);
      form.type = text(line.type) || 'GOOD';
      form.weightUnit = text(line.weightUnit);
      form.volumeUnit = text(line.volumeUnit);
      form.productId = typeof line.productId === 'number' ? line.productId : undefined;
      return form;
    });
  } else {
    form.goodsMode = 'text';
    form.goods = text(document.goods);
    form.structuredGoods = [];
  }
  for (const section of TEXT_SECTIONS) form.texts[section.key] = text(document[section.key]);
  form.references = list(document.references)
    .map(record)
    .filter((reference) => reference !== undefined)
    .map((reference) => ({ key: newKey('reference'), name: text(reference.name), value: text(reference.value) }));
  form.attachments = list(document.attachments)
    .map(record)
    .filter((file) => file !== undefined && typeof file.attachmentId === 'string')
    .map((file) => ({
      kind: 'kept' as const,
      key: newKey('attachment'),
      attachmentId: String(file!.attachmentId),
      type: text(file!.type),
      name: text(file!.name),
      originalFileName: text(file!.originalFileName),
      mimeType: text(file!.mimeType),
      sealed: file!.sealed === true,
      size: typeof file!.size === 'number' ? file!.size : 0,
    }));
  const methods = record(document.availableSigningMethods);
  if (methods) {
    for (const transfer of TRANSFERS) form.signing[transfer.key] = list(methods[transfer.key]).map(text);
  }
  form.previousCommits = list(document.previousCommits).map(text);
  return form;
}

// ---------------------------------------------------------------------------------------------------------
// Where errors are shown

/** `a.b[2].c` → `a.b[2]` → `a.b` → `a`. */
export function parentPath(path: string): string | undefined {
  const parent = path.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
  return parent === path || parent === '' ? undefined : parent;
}

/**
 * The place on screen of an error's field: the input with that path, else the nearest group around it
 * (`attachments[0].content` → the row of that attachment). Undefined: shown in the summary only.
 */
export function placeOf(field: string | undefined, places: ReadonlySet<string>): string | undefined {
  for (let path = field; path !== undefined; path = parentPath(path)) if (places.has(path)) return path;
  return undefined;
}

function partyPlaces(prefix: string, party: PartyForm): string[] {
  return [
    prefix,
    ...PARTY_TEXT_FIELDS.map((field) => `${prefix}.${field.key}`),
    ...(party.holderKind === 'account' && !party.holderLocked ? [`${prefix}.submittedAccountNumber`] : []),
    ...(party.holderKind === 'email' && !party.holderLocked ? [`${prefix}.submittedAccountEmailAddress`] : []),
  ];
}

/** Every path the form shows an error at: inputs and the groups around them. Mirrors what DocumentForm renders. */
export function placesOf(state: DocumentFormState): Set<string> {
  const places = new Set<string>(['type', 'subsequentCarriers', 'goods', 'references', 'attachments', 'availableSigningMethods']);
  for (const slot of PARTY_SLOTS) partyPlaces(slot, state.parties[slot]).forEach((path) => places.add(path));
  state.subsequentCarriers.forEach((party, index) => partyPlaces(`subsequentCarriers[${index}]`, party).forEach((path) => places.add(path)));
  for (const field of DATE_TIME_FIELDS) places.add(field.key);
  for (const key of ['establishedDate', 'establishedPlace', 'reimbursementAmount', 'reimbursementCurrency', 'paymentForCarriage', 'carrierCode'])
    places.add(key);
  for (const section of TEXT_SECTIONS) places.add(section.key);
  if (state.goodsMode === 'structured') {
    places.add('structuredGoods');
    state.structuredGoods.forEach((_, index) => {
      const prefix = `structuredGoods[${index}]`;
      [
        prefix,
        `${prefix}.type`,
        `${prefix}.weightUnit`,
        `${prefix}.volumeUnit`,
        ...GOODS_TEXT_FIELDS.map((field) => `${prefix}.${field.key}`),
        ...DANGEROUS_GOODS_FIELDS.map((key) => `${prefix}.dangerousGoods.${key}`),
      ].forEach((path) => places.add(path));
    });
  }
  state.references.forEach((_, index) => ['', '.name', '.value'].forEach((suffix) => places.add(`references[${index}]${suffix}`)));
  newAttachments(state).forEach((_, index) => ['', '.type', '.name', '.sealed'].forEach((suffix) => places.add(`attachments[${index}]${suffix}`)));
  for (const transfer of TRANSFERS) places.add(`availableSigningMethods.${transfer.key}`);
  return places;
}

/**
 * A new draft from an existing document ("Copy", issue 12): every field as it was, but no role ids (the copy's
 * roles are new, so their holders may be chosen again), no kept attachments and no commits to follow.
 */
export function copyForm(form: DocumentFormState): DocumentFormState {
  const fresh = (party: PartyForm): PartyForm => ({ ...party, key: newKey('party'), roleId: undefined, holderLocked: false });
  return {
    ...form,
    parties: Object.fromEntries(PARTY_SLOTS.map((slot) => [slot, fresh(form.parties[slot])])) as Record<PartySlot, PartyForm>,
    subsequentCarriers: form.subsequentCarriers.map(fresh),
    structuredGoods: form.structuredGoods.map((line) => ({ ...line, key: newKey('line'), productId: undefined })),
    attachments: [],
    previousCommits: undefined,
  };
}
