import type { PartyResponse } from '@/lib/schemas/freight-document-response';

const joined = (...parts: (string | number | null | undefined)[]) =>
  parts
    .filter((part) => part !== undefined && part !== null && part !== '')
    .join(' ')
    .trim();

/** A party as the form prints it: name, street, town, country, one per line. */
export function partyLines(party: PartyResponse | null | undefined): string[] {
  if (!party) return [];
  const record = party as Record<string, string | undefined>;
  return [
    record.name,
    joined(record.streetName, record.buildingNumber),
    record.postalBox,
    joined(record.postalCode, record.cityName),
    joined(record.countryName, record.countryCode ? `(${record.countryCode})` : undefined),
    joined(record.contactName, record.contactPhoneNumber),
  ].filter((line): line is string => !!line);
}

/** A UTC date-time of the API (`2026-05-04T08:00:00Z`) as the form prints it: `2026-05-04 08:00 UTC`. */
export function dateTime(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  return match ? `${match[1]} ${match[2]} UTC` : value;
}

/** An API code (`SIGN_ON_GLASS`) as words. */
export const words = (code: string | null | undefined) => (code ? code.replaceAll('_', ' ') : '');

export { joined };
