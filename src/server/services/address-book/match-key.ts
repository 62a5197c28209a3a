import { foldText } from '@/lib/domain/search-text';

/** One address book row per party as people tell them apart: name, postal code, city, country (case and accents ignored). */
export function matchKeyOf(party: Record<string, unknown>): string {
  const part = (key: string) => (typeof party[key] === 'string' ? foldText((party[key] as string).trim()) : '');
  return [part('name'), part('postalCode'), part('cityName'), part('countryCode')].join('\u001f');
}

/** The fields of a party worth keeping: its own text fields, never the document's role id. */
export function bookParty(party: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(party)) {
    if (key === 'roleId' || value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number') kept[key] = String(value);
  }
  return kept;
}
