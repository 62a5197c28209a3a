import countries from 'i18n-iso-countries';

/**
 * Contract §15's formats: date-times as UN/EDIFACT 2379 code 205 (`CCYYMMDDHHMM+0000`, UTC), dates as code 102
 * (`CCYYMMDD`), countries as ISO 3166-1 alpha-2, gross weight in kilograms (KGM) and gross volume in cubic metres (MTQ).
 */

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** An ISO 8601 date-time as format 205, in UTC: `2026-11-28T14:30:59Z` → `202611281430+0000`. */
export function dateTime205(iso: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}+0000`;
}

/** A date (`YYYY-MM-DD`, or the date of a date-time) as format 102: `20261128`. */
export function date102(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[1]}${match[2]}${match[3]}` : undefined;
}

/**
 * Alpha-2 codes that ISO assigns for use but the schema's code list (ISO 3166-1, 2006 edition) does not hold: an
 * element with one would not validate, so the country is left out (and reported missing where it is mandatory).
 */
const NOT_IN_SCHEMA_LIST = new Set(['XK']);

/** ISO 3166-1 alpha-3 (what the API takes) → alpha-2 (what eFTI carries); undefined when unknown or not in the schema's list. */
export function alpha2Of(alpha3: string | null | undefined): string | undefined {
  if (!alpha3) return undefined;
  const code = countries.alpha3ToAlpha2(alpha3.toUpperCase());
  return code && !NOT_IN_SCHEMA_LIST.has(code) ? code : undefined;
}

const KILOGRAMS_PER: Record<string, number> = { KILOGRAM: 1, TONNE: 1000, POUND: 0.45359237 };
const CUBIC_METRES_PER: Record<string, number> = { CUBIC_METRE: 1, LITRE: 0.001 };

/** A line's weight in kilograms (no unit: kilograms). */
export function kilograms(weight: number, unit: string | undefined): number {
  return weight * (KILOGRAMS_PER[unit ?? 'KILOGRAM'] ?? 1);
}

/** A line's volume in cubic metres (no unit: cubic metres). */
export function cubicMetres(volume: number, unit: string | undefined): number {
  return volume * (CUBIC_METRES_PER[unit ?? 'CUBIC_METRE'] ?? 1);
}

/** The schema's measures are decimals of at most 16 digits: a value that needs more is not written. */
const MAX_DIGITS = 16;

/** A decimal with exactly `decimals` places, never in exponent notation; undefined when it would not fit the schema. */
export function fixedDecimal(value: number, decimals: number): string | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const text = value.toFixed(decimals);
  return text.replace('.', '').replace(/^0+(?=\d)/, '').length <= MAX_DIGITS ? text : undefined;
}

/** A decimal with at most `decimals` places, trailing zeros dropped (`1.500000` → `1.5`). */
export function trimmedDecimal(value: number, decimals: number): string | undefined {
  return fixedDecimal(value, decimals)
    ?.replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}
