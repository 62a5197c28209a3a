import { z } from 'zod';

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
