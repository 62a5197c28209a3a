import countries from 'i18n-iso-countries';

const ALPHA3 = new Set(Object.keys(countries.getAlpha3Codes()));
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** ISO 3166-1 alpha-3, uppercase (spec §2.4: invalid gives 3.11). */
export function isCountryCode(value: string): boolean {
  return ALPHA3.has(value);
}

/** ISO 4217, three uppercase letters (spec §2.3: invalid gives 3.12). */
export function isCurrencyCode(value: string): boolean {
  return /^[A-Z]{3}$/.test(value) && CURRENCIES.has(value);
}
