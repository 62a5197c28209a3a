import { z } from 'zod';

/**
 * What a field means, for the OpenAPI document and the reference's field tables (issue 35: every property is
 * described, with its format, allowed values, unit and an example): `.meta(about('…', example))`.
 */
export const about = (description: string, example?: unknown) => ({ description, ...(example === undefined ? {} : { example }) });

/** Formats said the same way wherever they occur. */
export const FORMATS = {
  dateTime:
    'ISO 8601 date-time with its zone: `Z` or an offset (`+01:00`) is required, seconds may be left out, e.g. `2026-11-23T08:00:00Z` (no zone, or a date alone: 3.17).',
  date: 'A date `YYYY-MM-DD`, no time part (a date-time here is 3.26).',
  country: 'ISO 3166-1 alpha-3 country code in capitals, e.g. `NLD`, `DEU`; `NL` or `nld` is 3.11.',
  currency: 'ISO 4217 currency code, three capitals, e.g. `EUR` (3.12).',
  money: 'An amount ≥ 0 with at most two decimals; a decimal string (`"1250.50"`) is accepted (3.33).',
  heads:
    'The head commit ids of the document you last read (its `previousCommits`): every change of an issued document sends them. Empty: 4.45; an id of no commit of this document: 4.13. Older heads are accepted (an offline device): the document then has several heads until a change names them all.',
  secondsSinceCreation:
    'For a change made offline: how many seconds before reaching the server it was made, a whole number 0…2,592,000 (30 days; else 3.6). The change is dated `createDateTimeClient` = server time − these seconds, never before the commits it names. Absent: made now.',
  /** Returned times. */
  seconds: 'UTC, `YYYY-MM-DDThh:mm:ssZ`.',
  millis: 'UTC with milliseconds, `YYYY-MM-DDThh:mm:ss.sssZ`.',
} as const;

/** Characters the specification allows in a phone number (3.14). */
export const PHONE_PATTERN = /^[0-9() .\-#+*pw]+$/;

export const emailSchema = z.email('3.4').max(254, '3.2');
export const phoneSchema = z.string().max(50, '3.2').regex(PHONE_PATTERN, '3.14');
export const passwordSchema = z.string().min(8, '3.2').max(128, '3.2');

/**
 * Optional attributes may be omitted or sent as null (spec §2.1) or as `""` (contract §1: clients that
 * serialise every field send `""` for the unset ones); all three read as absent.
 */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
}

/** A boolean that client systems may also send as the strings "true" / "false"; `error` words a refusal. */
export const looseBooleanOr = (error?: Parameters<typeof z.union>[1]) =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], error);
export const looseBoolean = looseBooleanOr();

/** A number as plain decimal digits, never in exponent notation (1e-7 → "0.0000001"). */
const plainDecimal = (value: number) => value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });

/**
 * A decimal number sent as a JSON number or as a decimal string (contract §7 location); read as the decimal
 * string that responses carry. A number is written in plain decimal digits, a string keeps its own.
 */
export const decimalString = z.union(
  [z.number().refine(Number.isFinite, '3.17').transform(plainDecimal), z.string().regex(/^-?\d+(\.\d+)?$/, { error: '3.17', abort: true })],
  {
    error: '3.17',
  },
);

/** The answer of a portal delete (an address book entry, a template). */
export const deletedAnswer = z.object({ deleted: z.literal(true) });
