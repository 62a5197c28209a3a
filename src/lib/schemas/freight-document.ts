import { z } from 'zod';
import { isCountryCode, isCurrencyCode } from '@/lib/domain/codes';
import { isDate, isDateTime } from '@/lib/domain/dates';
import { about, emailSchema, FORMATS, looseBoolean, optional, phoneSchema } from './common';

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
  name: optionalText(255).meta(about('The party’s name as its box of the consignment note prints it: a company or a person.', 'Acme Logistics B.V.')),
  streetName: optionalText(255).meta(about('Street of the address.', 'Waalhaven Oostzijde')),
  // A number is accepted at creation; responses always carry a string.
  buildingNumber: optional(z.union([z.string().max(50, '3.2'), z.number().transform(String)], { error: '3.17' })).meta(
    about('House or building number, up to 50 characters; a JSON number is accepted and returned as a string.', '12a'),
  ),
  postalBox: optionalText(50).meta(about('Post-office box, where the address has one.', 'PO Box 5023')),
  postalCode: optionalText(20).meta(about('Postal code as its country writes it.', '3087 BM')),
  cityName: optionalText(255).meta(about('City or place of the address.', 'Rotterdam')),
  countryCode: optional(countryCodeSchema).meta(about(`Country of the address. ${FORMATS.country}`, 'NLD')),
  countryName: optionalText(255).meta(
    about('The country’s name as the party writes it; free text for the paper (the service reads `countryCode`).', 'Nederland'),
  ),
  contactName: optionalText(255).meta(about('A person to contact at the party.', 'Jan de Vries')),
  contactNote: optionalText(1000).meta(about('A note for whoever contacts the party: opening hours, gate, reference.', 'Gate 4, 06:00–22:00')),
  contactEmailAddress: optional(emailSchema).meta(
    about('The contact’s e-mail address (3.4 when not one). Only printed: the role goes to `submittedAccountEmailAddress`.', 'planning@acme.example'),
  ),
  contactPhoneNumber: optional(phoneSchema).meta(
    about('The contact’s phone number, up to 50 characters: digits, spaces and `( ) . - # + * p w` only (3.14).', '+31 10 123 4567'),
  ),
  submittedAccountEmailAddress: optional(emailSchema).meta(
    about(
      'Gives the role to the account with this e-mail address, or, when none has it, invites the person by e-mail: they hold the role once they sign up with it. A carrier named by both this and `submittedAccountNumber` is 3.35.',
      'receiving@beta.example',
    ),
  ),
  submittedAccountNumber: optional(z.union([z.string(), z.number().int().transform(String)], { error: '3.17' })).meta(
    about('Gives the role to the active account with this account number (7 or 8 digits; a JSON number is accepted). No such active account: 4.40.', '1000001'),
  ),
  glnCode: optional(z.string().regex(/^\d{13}$/, '3.6')).meta(about('The party’s GS1 Global Location Number: exactly 13 digits (3.6).', '8712345000004')),
  /** Contract §15: the party's VAT or tax registration number (eFTI `taxRegistration/id`). */
  taxRegistrationId: optionalText(35).meta(
    about('The party’s VAT or tax registration number, up to 35 characters (3.2); authorities read it through eFTI.', 'NL123456789B01'),
  ),
  roleId: optional(z.string()).meta(
    about(
      'The `roleId` the document answered for this party. Send it back unchanged in a PUT so the role stays the same one (4.8 when a role would be replaced); leave it out for a new party.',
    ),
  ),
});
export type PartyInput = z.infer<typeof partyInput>;

/** Contract §15: a goods line's dangerous goods (ADR): the four-digit UN number and the proper shipping name. */
export const dangerousGoodsInput = z.object({
  unNumber: z
    .string('3.1')
    .regex(/^\d{4}$/, '3.6')
    .meta(about('The UN number of the substance: exactly four digits (3.6; missing: 3.1).', '1203')),
  properShippingName: optionalText(128).meta(about('The proper shipping name (ADR), up to 128 characters (3.2).', 'GASOLINE')),
});

export const structuredGoodsItemInput = z.object({
  type: optional(z.enum(['GOOD', 'RTI'], '3.9')).meta(
    about('`GOOD` (goods carried; the default) or `RTI`, a returnable transport item: a pallet, crate or roll cage that comes back.', 'GOOD'),
  ),
  name: z.string().min(1, '3.1').max(255, '3.2').meta(about('What the line is: its name in box 9 of the consignment note (required, 3.1).', 'Apples, Elstar')),
  shortName: optionalText(100).meta(about('A short name for narrow screens and lists.', 'Apples')),
  ssccCode: optional(z.string().regex(/^\d{18}$/, '3.6')).meta(
    about('GS1 Serial Shipping Container Code of the unit: exactly 18 digits (3.6).', '387123450000000015'),
  ),
  eanCode: optional(z.string().regex(/^(\d{8}|\d{12,14})$/, '3.6')).meta(
    about('GS1 GTIN (EAN) of the product: 8, 12, 13 or 14 digits (3.6).', '8712345678906'),
  ),
  internalCode: optionalText(100).meta(about('The sender’s own article code.', 'ART-0042')),
  numberOfPackages: optional(z.number('3.17').int('3.17').min(0, '3.29')).meta(about('Number of packages (box 7): a whole number ≥ 0.', 12)),
  methodOfPackaging: optionalText(255).meta(about('How the goods are packed (box 8).', 'Euro pallets, shrink-wrapped')),
  natureOfGoods: optionalText(255).meta(about('The nature of the goods beyond their name (box 9).', 'Fresh fruit, keep at 2–4 °C')),
  statisticalNumber: optional(z.number('3.17').int('3.17').min(0, '3.29')).meta(
    about('Statistical (customs tariff) number (box 10): a whole number ≥ 0.', 8081080),
  ),
  weight: optional(z.number('3.17').min(0, '3.29')).meta(about('Gross weight of the line (box 11) in `weightUnit`: a number ≥ 0.', 480)),
  weightUnit: optional(z.enum(['KILOGRAM', 'TONNE', 'POUND'], '3.9')).meta(about('Unit of `weight`.', 'KILOGRAM')),
  volume: optional(z.number('3.17').min(0, '3.29')).meta(about('Volume of the line (box 12) in `volumeUnit`: a number ≥ 0.', 1.8)),
  volumeUnit: optional(z.enum(['LITRE', 'CUBIC_METRE'], '3.9')).meta(about('Unit of `volume`.', 'CUBIC_METRE')),
  commercialValue: optional(moneySchema).meta(about(`Commercial value of the line in \`currency\`. ${FORMATS.money}`, 1250.5)),
  currency: optional(currencyCodeSchema).meta(about(`Currency of \`commercialValue\`. ${FORMATS.currency}`, 'EUR')),
  /** Contract §15: marks and numbers on the packages (CMR box 6). */
  marksAndNumbers: optionalText(512).meta(about('Marks and numbers on the packages (box 6), up to 512 characters (3.2).', 'ACME 1-12')),
  dangerousGoods: optional(dangerousGoodsInput).meta(
    about('Dangerous goods (ADR) on this line: the UN number and the proper shipping name; leave it out for ordinary goods.'),
  ),
  productId: optional(z.number().int()).meta(
    about(
      'The line’s id within the document, as the document answered it: send it back in a PUT to keep the line. Reservations and goods corrections name lines by it.',
      1,
    ),
  ),
});
export type StructuredGoodsItemInput = z.infer<typeof structuredGoodsItemInput>;

export const ATTACHMENT_TYPES = ['GOODS', 'GENERAL', 'COMMENT'] as const;

export const attachmentInput = z.object({
  // COMMENT attachments come only with comments (4.44); anything else unknown is 4.36.
  type: z
    .string('3.1')
    .refine((value) => value !== 'COMMENT', '4.44')
    .refine((value) => value === 'GOODS' || value === 'GENERAL' || value === 'COMMENT', '4.36')
    .meta(
      about(
        '`GOODS` (about the goods: photos, packing lists, certificates) or `GENERAL` (any other paper of the consignment). `COMMENT` belongs to comments only (4.44); any other value is 4.36.',
        'GOODS',
      ),
    ),
  name: optionalText(255).meta(about('A title to show instead of the file name.', 'Packing list')),
  originalFileName: z
    .string('3.1')
    .min(1, '3.1')
    .max(255, '3.2')
    .meta(about('The file’s name, used when it is downloaded (any Unicode; required, 3.1).', 'pallets.png')),
  mimeType: optionalText(100).meta(about('Ignored: the service reads the type from the bytes (PDF, PNG or JPEG; anything else is 3.8).', 'image/png')),
  sealed: optional(looseBoolean).meta(
    about(
      '`true`: its content is readable only by holders of `VIEW_SEALED_ATTACHMENT` (submitter, consignor, consignee; others get 1.4); `"true"` and `"false"` are accepted too. Default `false`.',
      false,
    ),
  ),
  content: z
    .string('3.18')
    .min(1, '3.18')
    .regex(/^[A-Za-z0-9+/=\s_-]*$/, '3.17')
    .meta(
      about(
        'The file in base64 (standard or URL-safe alphabet; line breaks ignored), not empty (3.18). PDF, PNG or JPEG, read from the bytes (3.8); at most 10 MB of attachments per document and 2 MB of images in all (3.34); an image at most 25,000,000 pixels (3.8).',
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      ),
    ),
});
export type AttachmentInput = z.infer<typeof attachmentInput>;

const methodList = z.array(z.enum(SIGNING_METHODS, '3.9'));
export const signingMethodsInput = z
  .object({
    collection: optional(methodList.refine((list) => !list.includes('SIGN_ON_GLASS'), '3.9')).meta(
      about(
        'How the consignor side may approve the collection: `OWN` (on its own account) and/or `TFA` (a two-factor code on the carrier’s device); `SIGN_ON_GLASS` is for the delivery only (3.9).',
        ['OWN', 'TFA'],
      ),
    ),
    carrierToCarrier: optional(methodList.refine((list) => !list.includes('SIGN_ON_GLASS'), '3.9')).meta(
      about('How a receiving subsequent carrier may approve a hand-over: `OWN` and/or `TFA` (3.9 for `SIGN_ON_GLASS`).', ['OWN', 'TFA']),
    ),
    delivery: optional(methodList).meta(
      about(
        'How the consignee side may approve the delivery: `OWN`, `TFA`, and `SIGN_ON_GLASS` (a signature on the carrier’s screen or on a hand-over link).',
        ['OWN', 'TFA', 'SIGN_ON_GLASS'],
      ),
    ),
  })
  .meta(
    about(
      'How each transfer’s counter party may approve, besides an implicit approval (always possible). Omitted: `OWN` and `TFA` everywhere, and `SIGN_ON_GLASS` at the delivery; given, a list left out is empty. At least one method in all (4.51).',
    ),
  );
export type SigningMethodsInput = z.infer<typeof signingMethodsInput>;

export const referenceInput = z.object({
  name: z.string('3.10').min(1, '3.10').max(255, '3.2').meta(about('What the reference is (required with `value`, 3.10).', 'Order number')),
  value: z.string('3.10').min(1, '3.10').max(1000, '3.2').meta(about('The reference itself (required with `name`, 3.10).', 'PO-2026-0815')),
});

/** Contract §1 sizes: what one document may ask of the PDF renderer and the mailer. */
export const MAX_STRUCTURED_GOODS_LINES = 500;
export const MAX_SUBSEQUENT_CARRIERS = 50;

/**
 * Creation (POST) and full replacement (PUT) body of a freight document (spec §2.3). Unknown and
 * read-only attributes are dropped, not refused. Cross-field rules live in `freightDocumentRules`.
 */
export const freightDocumentInput = z.object({
  type: z
    .string('3.1')
    .refine((value) => value === 'WAYBILL', '4.20')
    .meta(about('The kind of document: `WAYBILL`, the road consignment note (CMR), is the one served; any other value (`CMR` too) is 4.20.', 'WAYBILL')),
  status: optional(z.enum(['DRAFT', 'ISSUED'], '3.9')).meta(
    about('`DRAFT` (the default: the submitter may still PUT it) or `ISSUED` (issued at once: costs one credit in production, 4.41 without).', 'DRAFT'),
  ),
  consignor: partyInput.meta(
    about('The sender of the goods (box 1; required, 3.1). Holds the right of disposal until the delivery unless `consigneeHasRightOfDisposal`.'),
  ),
  consignee: partyInput.meta(about('Who receives the goods (box 2; required, 3.1).')),
  carrier: optional(partyInput).meta(
    about('The carrier that takes the goods over (box 16); may be added while DRAFT. Named by both an account number and an e-mail: 3.35.'),
  ),
  placeOfTakingOver: optional(partyInput).meta(
    about('Where the goods are taken over (box 4): required (3.42), with its `countryCode` (3.43), which cannot change after issue (3.44).'),
  ),
  placeOfDelivery: optional(partyInput).meta(about('Where the goods are delivered (box 3), when it is not the consignee’s address.')),
  subsequentCarriers: optional(z.array(partyInput).max(MAX_SUBSEQUENT_CARRIERS, '3.2')).meta(
    about('Carriers that take over the goods after the first (box 17), in the order they do; at most 50 (3.2).'),
  ),
  agreedDateTimeOfTakingOver: optional(dateTimeSchema).meta(about(`When the goods are agreed to be taken over. ${FORMATS.dateTime}`, '2026-11-23T08:00:00Z')),
  // Folded into agreedDateTimeOfTakingOver by validateFreightDocument; never stored as such.
  agreedDateOfTakingOver: optional(agreedDateSchema).meta(
    about(
      'The agreed day of taking over, for clients that know only the day: `YYYY-MM-DD` sets `agreedDateTimeOfTakingOver` to 00:00:00Z of that day unless that field is sent too (a date-time is accepted here as well; else 3.26). Read back as the UTC day of `agreedDateTimeOfTakingOver`.',
      '2026-11-23',
    ),
  ),
  agreedDateTimeOfDelivery: optional(dateTimeSchema).meta(about(`When the goods are agreed to be delivered. ${FORMATS.dateTime}`, '2026-11-25T16:00:00Z')),
  estimatedDateTimeOfTakingOver: optional(dateTimeSchema).meta(
    about(
      `When the taking over is expected; before \`estimatedDateTimeOfDelivery\` (3.15). Changed after issue with PATCH …/estimatedtimes. ${FORMATS.dateTime}`,
      '2026-11-23T08:30:00Z',
    ),
  ),
  estimatedDateTimeOfDelivery: optional(dateTimeSchema).meta(about(`When the delivery is expected. ${FORMATS.dateTime}`, '2026-11-25T15:00:00Z')),
  establishedDate: optional(dateSchema).meta(about(`The day the consignment note is made out (box 21). ${FORMATS.date}`, '2026-11-22')),
  establishedPlace: optionalText(255).meta(about('Where the consignment note is made out (box 21).', 'Rotterdam')),
  reimbursementCurrency: optional(currencyCodeSchema).meta(
    about(`Currency of \`reimbursementAmount\`: required when the amount is above 0 (3.32). ${FORMATS.currency}`, 'EUR'),
  ),
  reimbursementAmount: optional(moneySchema).meta(
    about(`Cash on delivery the carrier collects from the consignee (box 15, CMR art. 21); 0 or absent: none. ${FORMATS.money}`, 1250),
  ),
  paymentForCarriage: optionalText(255).meta(
    about('Who pays the carriage charges, as box 14 says it (e.g. `carriage paid`, `carriage forward`).', 'Carriage paid'),
  ),
  goods: optionalText(10000).meta(
    about(
      'The goods as free text, for documents without lines. Exactly one of `goods` and `structuredGoods` (both: 3.40; neither: 3.41).',
      '12 pallets of apples, 480 kg',
    ),
  ),
  structuredGoods: optional(z.array(structuredGoodsItemInput).max(MAX_STRUCTURED_GOODS_LINES, '3.2')).meta(
    about('The goods as lines (boxes 6–12), at most 500 (3.2). Exactly one of `goods` and `structuredGoods`; a PUT in DRAFT may switch between them.'),
  ),
  senderInstructions: optionalText().meta(
    about('The sender’s instructions to the carrier (box 13): customs, handling, temperature.', 'Keep refrigerated at 2–4 °C'),
  ),
  specialAgreements: optionalText().meta(about('Special agreements between the parties (box 19).', 'Delivery only on weekdays')),
  transportConditions: optionalText().meta(
    about('The conditions the carriage is made under, as text (e.g. the CMR convention, general terms).', 'CMR, AVC 2002'),
  ),
  references: optional(z.array(referenceInput)).meta(about('References of the parties (order, booking, customer numbers), each a `name` and a `value`.')),
  attachments: optional(z.array(attachmentInput)).meta(
    about(
      'Files of the document (box 5). In a PUT, an attachment sent back with its `attachmentId` and empty or unchanged `content` keeps its id; attachments left out are removed.',
    ),
  ),
  availableSigningMethods: optional(signingMethodsInput),
  /** Contract §14: the consignee holds the right of disposal from the start (CMR art. 12(3)); fixed at issue. */
  consigneeHasRightOfDisposal: optional(looseBoolean).meta(
    about(
      '`true`: the consignee holds the right of disposal (gives instructions) from the start, CMR art. 12(3); fixed at issue. Default `false`: the consignor until the delivery.',
      false,
    ),
  ),
  carrierCode: optionalText(100).meta(about('The carrier’s own code of this transport (a trip or order number); lists filter and sort on it.', 'TRIP-4711')),
  deliveryDate: optional(dateTimeSchema).meta(about(`When the goods were delivered, as the submitter records it. ${FORMATS.dateTime}`, '2026-11-25T15:20:00Z')),
  previousCommits: optional(z.array(z.string())).meta(
    about('Read-only in this body: a PUT may send the heads it read back (they are checked, 4.13); ignored on creation.'),
  ),
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
  estimatedDateTimeOfTakingOver: optional(dateTimeSchema).meta(
    about(
      `The new expected taking over; fixed once TRANSIT (4.9), and before the delivery (3.15). The current value sent again is no change. ${FORMATS.dateTime}`,
      '2026-12-01T08:00:00Z',
    ),
  ),
  estimatedDateTimeOfDelivery: optional(dateTimeSchema).meta(
    about(`The new expected delivery; fixed once DELIVERED (4.10). The current value sent again is no change. ${FORMATS.dateTime}`, '2026-12-02T16:30:00Z'),
  ),
  previousCommits: z.array(z.string(), '3.1').meta(about(FORMATS.heads)),
});

export const structuredGoodsPatchInput = z.object({
  structuredGoods: z
    .array(
      z.object({
        productId: optional(z.number().int()).meta(about('The line to correct, by the `productId` the document answered (no such line: 4.46).', 1)),
        numberOfPackages: optional(z.number('3.17').int('3.17').min(0, '3.29')).meta(
          about('The corrected number of packages, a whole number ≥ 0; absent: unchanged.', 11),
        ),
        weight: optional(z.number('3.17').min(0, '3.29')).meta(about('The corrected weight in the line’s `weightUnit`, ≥ 0; absent: unchanged.', 440)),
        volume: optional(z.number('3.17').min(0, '3.29')).meta(about('The corrected volume in the line’s `volumeUnit`, ≥ 0; absent: unchanged.', 1.6)),
      }),
      '3.1',
    )
    .max(MAX_STRUCTURED_GOODS_LINES, '3.2')
    .meta(about('The lines to correct (required, 3.1); lines not named stay as they are. Lines cannot be added or removed after issue.')),
  previousCommits: z.array(z.string(), '3.1').meta(about(FORMATS.heads)),
});

export const addAttachmentInput = attachmentInput;

/**
 * A creation or replacement body as transports receive it: checked here only for being an object, because the
 * service validates every field and cross-field rule in one pass (validateFreightDocument) to report all the
 * problems of a request together, tolerating what clients of the commercial service send.
 */
export const freightDocumentBody = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), '2.4');
