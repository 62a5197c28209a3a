import Negotiator from 'negotiator';
import { PDF_LANGUAGES, type PdfLanguage } from './cmr-labels';

/**
 * The language a country's CMR forms are printed in, by ISO 3166-1 alpha-3 (the document's country codes, spec
 * §2.4), for the countries whose language we have labels for. Belgium prints Dutch and French; Dutch comes first.
 */
const COUNTRY_LANGUAGE: Record<string, PdfLanguage> = {
  DEU: 'de',
  AUT: 'de',
  LIE: 'de',
  CHE: 'de',
  FRA: 'fr',
  LUX: 'fr',
  MCO: 'fr',
  BEL: 'nl',
  NLD: 'nl',
  POL: 'pl',
  GBR: 'en',
  IRL: 'en',
  MLT: 'en',
};

export const MAX_LABEL_LANGUAGES = 3;

const isPdfLanguage = (value: string): value is PdfLanguage => (PDF_LANGUAGES as readonly string[]).includes(value);

/**
 * The languages box labels are printed in (issue 11): the main one first (the reader's choice where we have it,
 * else the language of the place of taking over), then the languages of the places' countries, English always,
 * at most three. English takes the last place when the country pair would fill all three.
 */
export function labelLanguages(input: { preferred?: string | null; countryCodes: (string | null | undefined)[] }): PdfLanguage[] {
  const countries = input.countryCodes.map((code) => (code ? COUNTRY_LANGUAGE[code.toUpperCase()] : undefined)).filter((lang): lang is PdfLanguage => !!lang);
  const preferred = input.preferred && isPdfLanguage(input.preferred) ? input.preferred : undefined;
  const ordered = [...new Set([...(preferred ? [preferred] : []), ...countries, 'en' as const])];
  if (ordered.length <= MAX_LABEL_LANGUAGES) return ordered;
  return [...ordered.filter((lang) => lang !== 'en').slice(0, MAX_LABEL_LANGUAGES - 1), 'en'];
}

/**
 * The first language of Accept-Language we print labels in (`de-CH` finds `de`); none without one named. A wildcard
 * (`*`, which fetch clients send by default) names no language: the country pair then decides.
 */
export function preferredPdfLanguage(header: string | null | undefined): PdfLanguage | undefined {
  if (!header) return undefined;
  const named = new Negotiator({ headers: { 'accept-language': header } }).languages().map((tag) => tag.slice(0, 2).toLowerCase());
  return named.find(isPdfLanguage);
}
