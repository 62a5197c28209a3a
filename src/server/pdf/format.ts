import { pdfDateTime, zoneOfCountry } from '@/lib/i18n/local-time';
import type { FreightDocumentContent, PartyResponse } from '@/lib/schemas/freight-document-response';

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
    // Contract §15: the party's tax registration (VAT) number.
    record.taxRegistrationId,
  ].filter((line): line is string => !!line);
}

/** The zone the server runs in (`TZ`; UTC on most servers): times that belong to no place print in it. */
export const serverZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The zones of the times of a document's transfers (decision 0027): the place of taking over's and the delivery's. */
export function pdfZones(document: Pick<FreightDocumentContent, 'placeOfTakingOver' | 'placeOfDelivery'>) {
  const server = serverZone();
  return {
    COLLECTION: zoneOfCountry(document.placeOfTakingOver?.countryCode) ?? server,
    DELIVERY: zoneOfCountry(document.placeOfDelivery?.countryCode) ?? server,
    CARRIER_TO_CARRIER: server,
  };
}
export type PdfZones = ReturnType<typeof pdfZones>;

/**
 * A date-time of the API (`2026-05-04T08:00:00Z`) as the form prints it, in the local time of the place it belongs to
 * with the offset: `2026-05-04 10:00 UTC+02:00` (the server's zone when it belongs to no place).
 */
export function dateTime(value: string | null | undefined, zone: string = serverZone()): string {
  return pdfDateTime(value, zone);
}

/**
 * An amount as the PDF's language writes money (issue 34: "1.250,50 €", not "1250.5 EUR"); a currency code Intl does not
 * know is written after the number.
 */
export function money(amount: number | null | undefined, currency: string | null | undefined, language: string): string {
  if (amount === null || amount === undefined) return '';
  if (currency) {
    try {
      return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
    } catch {
      // Not an ISO 4217 code Intl accepts: the number in the language's digits, then the code as sent.
    }
  }
  return joined(new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(amount), currency ?? undefined);
}

/** An API code (`SIGN_ON_GLASS`) as words. */
export const words = (code: string | null | undefined) => (code ? code.replaceAll('_', ' ') : '');

export { joined };
