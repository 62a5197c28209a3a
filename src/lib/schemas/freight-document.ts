import { z } from 'zod';
import { isCountryCode, isCurrencyCode } from '@/lib/domain/codes';
import { isDate, isDateTime } from '@/lib/domain/dates';
import { emailSchema, looseBoolean, optional, phoneSchema } from './common';

const text = (max = 2000) => z.string().max(max, '3.2');
const optionalText = (max = 2000) => optional(text(max));

export const dateTimeSchema = z.string().refine(isDateTime, '3.17');
export const dateSchema = z.string().refine(isDate, '3.26');
/** `agreedDateOfTakingOver` (contract §4): a date, though a date-time is accepted there too. */
export const agreedDateSchema = z.string().refine((value) => isDate(value) || isDateTime(value), '3.26');
export const countryCodeSchema = z.string().refine(isCountryCode, '3.11');
export const currencyCodeSchema = z.string().refine(isCurrencyCode, '3.12');
/** Non-negative, finite, at most two decimals (3.33). */
export const moneySchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, '3.33')
        .transform(Number),
    ],
    { error: '3.33' },
  )
  .refine((value) => Number.isFinite(value) && value >= 0 && Math.round(value * 100) === value * 100, '3.33');

export const ROLES = ['SUBMITTER', 'CONSIGNOR', 'CONSIGNEE', 'CARRIER', 'SUBSEQUENT_CARRIER', 'PLACE_OF_TAKING_OVER', 'PLACE_OF_DELIVERY'] as const;
export type Role = (typeof ROLES)[number];
export const STATUSES = ['DRAFT', 'ISSUED', 'TRANSIT', 'DELIVERED', 'CANCELLED'] as const;
export type DocumentStatus = (typeof STATUSES)[number];
export const SIGNING_METHODS = ['OWN', 'TFA', 'SIGN_ON_GLASS'] as const;

export const partyInput = z.object({
  name: optionalText(255),
  streetName: optionalText(255),
  // A number is accepted at creation; responses always carry a string.
  buildingNumber: optional(z.union([z.string().max(50, '3.2'), z.number().transform(String)], { error: '3.17' })),
  postalBox: optionalText(50),
  postalCode: optionalText(20),
  cityName: optionalText(255),
  countryCode: optional(countryCodeSchema),
  countryName: optionalText(255),
  contactName: optionalText(255),
  contactNote: optionalText(1000),
  contactEmailAddress: optional(emailSchema),
  contactPhoneNumber: optional(phoneSchema),
  submittedAccountEmailAddress: optional(emailSchema),
  submittedAccountNumber: optional(z.union([z.string(), z.number().int().transform(String)], { error: '3.17' })),
  glnCode: optional(z.string().regex(/^\d{13}$/, '3.6')),
  /** Contract §15: the party's VAT or tax registration number (eFTI `taxRegistration/id`). */
  taxRegistrationId: optionalText(35),
  roleId: optional(z.string()),
});
export type PartyInput = z.infer<typeof partyInput>;

/** Contract §15: a goods line's dangerous goods (ADR): the four-digit UN number and the proper shipping name. */
export const dangerousGoodsInput = z.object({
  unNumber: z.string('3.1').regex(/^\d{4}$/, '3.6'),
  properShippingName: optionalText(128),
});

export const structuredGoodsItemInput = z.object({
  type: optional(z.enum(['GOOD', 'RTI'], '3.9')),
  name: z.string().min(1, '3.1').max(255, '3.2'),
  shortName: optionalText(100),
  ssccCode: optional(z.string().regex(/^\d{18}$/, '3.6')),
  eanCode: optional(z.string().regex(/^(\d{8}|\d{12,14})$/, '3.6')),
  internalCode: optionalText(100),
  numberOfPackages: optional(z.number('3.17').int('3.17').min(0, '3.29')),
  methodOfPackaging: optionalText(255),
  natureOfGoods: optionalText(255),
  statisticalNumber: optional(z.number('3.17').int('3.17').min(0, '3.29')),
  weight: optional(z.number('3.17').min(0, '3.29')),
  weightUnit: optional(z.enum(['KILOGRAM', 'TONNE', 'POUND'], '3.9')),
  volume: optional(z.number('3.17').min(0, '3.29')),
  volumeUnit: optional(z.enum(['LITRE', 'CUBIC_METRE'], '3.9')),
  commercialValue: optional(moneySchema),
  currency: optional(currencyCodeSchema),
  /** Contract §15: marks and numbers on the packages (CMR box 6). */
  marksAndNumbers: optionalText(512),
  dangerousGoods: optional(dangerousGoodsInput),
  productId: optional(z.number().int()),
});
export type StructuredGoodsItemInput = z.infer<typeof structuredGoodsItemInput>;

export const ATTACHMENT_TYPES = ['GOODS', 'GENERAL', 'COMMENT'] as const;

export const attachmentInput = z.object({
  // COMMENT attachments come only with comments (4.44); anything else unknown is 4.36.
  type: z
    .string('3.1')
    .refine((value) => value !== 'COMMENT', '4.44')
    .refine((value) => value === 'GOODS' || value === 'GENERAL' || value === 'COMMENT', '4.36'),
  name: optionalText(255),
  originalFileName: z.string('3.1').min(1, '3.1').max(255, '3.2'),
  mimeType: optionalText(100),
  sealed: optional(looseBoolean),
  content: z
    .string('3.18')
    .min(1, '3.18')
    .regex(/^[A-Za-z0-9+/=\s_-]*$/, '3.17'),
});
export type AttachmentInput = z.infer<typeof attachmentInput>;

const methodList = z.array(z.enum(SIGNING_METHODS, '3.9'));
export const signingMethodsInput = z.object({
  collection: optional(methodList.refine((list) => !list.includes('SIGN_ON_GLASS'), '3.9')),
  carrierToCarrier: optional(methodList.refine((list) => !list.includes('SIGN_ON_GLASS'), '3.9')),
  delivery: optional(methodList),
});
export type SigningMethodsInput = z.infer<typeof signingMethodsInput>;

export const referenceInput = z.object({
  name: z.string('3.10').min(1, '3.10').max(255, '3.2'),
  value: z.string('3.10').min(1, '3.10').max(1000, '3.2'),
});

/** Contract §1 sizes: what one document may ask of the PDF renderer and the mailer. */
export const MAX_STRUCTURED_GOODS_LINES = 500;
export const MAX_SUBSEQUENT_CARRIERS = 50;

/**
 * Creation (POST) and full replacement (PUT) body of a freight document (spec §2.3). Unknown and
 * read-only attributes are dropped, not refused. Cross-field rules live in `freightDocumentRules`.
 */
export const freightDocumentInput = z.object({
  type: z.string('3.1').refine((value) => value === 'WAYBILL', '4.20'),
  status: optional(z.enum(['DRAFT', 'ISSUED'], '3.9')),
  consignor: partyInput,
  consignee: partyInput,
  carrier: optional(partyInput),
  placeOfTakingOver: optional(partyInput),
  placeOfDelivery: optional(partyInput),
  subsequentCarriers: optional(z.array(partyInput).max(MAX_SUBSEQUENT_CARRIERS, '3.2')),
  agreedDateTimeOfTakingOver: optional(dateTimeSchema),
  // Folded into agreedDateTimeOfTakingOver by validateFreightDocument; never stored as such.
  agreedDateOfTakingOver: optional(agreedDateSchema),
  agreedDateTimeOfDelivery: optional(dateTimeSchema),
  estimatedDateTimeOfTakingOver: optional(dateTimeSchema),
  estimatedDateTimeOfDelivery: optional(dateTimeSchema),
  establishedDate: optional(dateSchema),
  establishedPlace: optionalText(255),
  reimbursementCurrency: optional(currencyCodeSchema),
  reimbursementAmount: optional(moneySchema),
  paymentForCarriage: optionalText(255),
  goods: optionalText(10000),
  structuredGoods: optional(z.array(structuredGoodsItemInput).max(MAX_STRUCTURED_GOODS_LINES, '3.2')),
  senderInstructions: optionalText(),
  specialAgreements: optionalText(),
  transportConditions: optionalText(),
  references: optional(z.array(referenceInput)),
  attachments: optional(z.array(attachmentInput)),
  availableSigningMethods: optional(signingMethodsInput),
  /** Contract §14: the consignee holds the right of disposal from the start (CMR art. 12(3)); fixed at issue. */
  consigneeHasRightOfDisposal: optional(looseBoolean),
  carrierCode: optionalText(100),
  deliveryDate: optional(dateTimeSchema),
  previousCommits: optional(z.array(z.string())),
});
/** A validated body; `agreedDateOfTakingOver` is folded into `agreedDateTimeOfTakingOver`. */
export type FreightDocumentInput = Omit<z.infer<typeof freightDocumentInput>, 'agreedDateOfTakingOver'>;

export interface RuleViolation {
  code: '3.15' | '3.32' | '3.35' | '3.40' | '3.41' | '3.42' | '3.43' | '4.51';
  field: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Cross-field rules of spec §2.3–2.7, checked on the raw body so that they are reported together with
 * every field error of the same request.
 */
export function freightDocumentRules(raw: unknown): RuleViolation[] {
  if (!isRecord(raw)) return [];
  const out: RuleViolation[] = [];
  const hasGoods = typeof raw.goods === 'string' && raw.goods.trim() !== '';
  const hasStructured = Array.isArray(raw.structuredGoods) && raw.structuredGoods.length > 0;
  if (hasGoods && hasStructured) out.push({ code: '3.40', field: 'goods' });
  if (!hasGoods && !hasStructured) out.push({ code: '3.41', field: 'goods' });

  if (!isRecord(raw.placeOfTakingOver)) out.push({ code: '3.42', field: 'placeOfTakingOver' });
  else if (!present(raw.placeOfTakingOver.countryCode)) out.push({ code: '3.43', field: 'placeOfTakingOver.countryCode' });

  if (isRecord(raw.carrier) && present(raw.carrier.submittedAccountNumber) && present(raw.carrier.submittedAccountEmailAddress)) {
    out.push({ code: '3.35', field: 'carrier' });
  }
  const takingOver = raw.estimatedDateTimeOfTakingOver;
  const delivery = raw.estimatedDateTimeOfDelivery;
  if (typeof takingOver === 'string' && typeof delivery === 'string' && Date.parse(takingOver) >= Date.parse(delivery)) {
    out.push({ code: '3.15', field: 'estimatedDateTimeOfTakingOver' });
  }
  // Contract §4: an amount of 0 (what clients send when there is no reimbursement) needs no currency.
  const amount = raw.reimbursementAmount;
  if (present(amount) && Number(amount) !== 0 && !present(raw.reimbursementCurrency)) out.push({ code: '3.32', field: 'reimbursementCurrency' });

  const methods = raw.availableSigningMethods;
  if (isRecord(methods)) {
    const total = ['collection', 'carrierToCarrier', 'delivery'].reduce(
      (sum, key) => sum + (Array.isArray(methods[key]) ? (methods[key] as unknown[]).length : 0),
      0,
    );
    if (total === 0) out.push({ code: '4.51', field: 'availableSigningMethods' });
  }
  return out;
}

export const estimatedTimesInput = z.object({
  estimatedDateTimeOfTakingOver: optional(dateTimeSchema),
  estimatedDateTimeOfDelivery: optional(dateTimeSchema),
  previousCommits: z.array(z.string(), '3.1'),
});

export const structuredGoodsPatchInput = z.object({
  structuredGoods: z
    .array(
      z.object({
        productId: optional(z.number().int()),
        numberOfPackages: optional(z.number('3.17').int('3.17').min(0, '3.29')),
        weight: optional(z.number('3.17').min(0, '3.29')),
        volume: optional(z.number('3.17').min(0, '3.29')),
      }),
      '3.1',
    )
    .max(MAX_STRUCTURED_GOODS_LINES, '3.2'),
  previousCommits: z.array(z.string(), '3.1'),
});

export const addAttachmentInput = attachmentInput;

/**
 * A creation or replacement body as transports receive it: checked here only for being an object, because the
 * service validates every field and cross-field rule in one pass (validateFreightDocument) to report all the
 * problems of a request together, tolerating what clients of the commercial service send.
 */
export const freightDocumentBody = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), '2.4');
