import countries from 'i18n-iso-countries';

/**
 * One formatter for the times of a hand-over (issue 19, items 6 and 8; decision 0027): on the tablet, the phone pages,
 * the portal and the PDF. A time belongs to a place; places carry no time zone (spec §2.4), only a country, so the
 * zone is the country's where the country has exactly one (ICU's region data, the browser's and Node's own), else
 * the reader's (the browser's zone, the server's for the PDF).
 */

const byCountry = new Map<string, string | undefined>();

/**
 * The IANA zone of an ISO 3166-1 alpha-3 country whose zones all keep one clock (`NLD` → `Europe/Amsterdam`, `DEU` →
 * `Europe/Berlin`, though ICU also lists `Europe/Busingen`); none where the clocks differ (`USA`, `ESP` with the
 * Canaries, `PRT` with the Azores): the caller then uses the reader's zone.
 */
export function zoneOfCountry(alpha3: string | null | undefined): string | undefined {
  if (!alpha3) return undefined;
  const key = alpha3.toUpperCase();
  if (byCountry.has(key)) return byCountry.get(key);
  const alpha2 = countries.alpha3ToAlpha2(key);
  let zone: string | undefined;
  if (alpha2) {
    // `getTimeZones()` in current engines, the `timeZones` getter in Node 20's V8 (the same ICU data).
    const region = new Intl.Locale(`und-${alpha2}`) as Intl.Locale & { getTimeZones?: () => string[]; timeZones?: string[] };
    const zones = region.getTimeZones?.() ?? region.timeZones ?? [];
    // One clock: every zone has the same offset in winter and in summer.
    const year = new Date().getUTCFullYear();
    const instants = [new Date(Date.UTC(year, 0, 15)), new Date(Date.UTC(year, 6, 15))];
    const clock = (candidate: string) => instants.map((instant) => offsetMinutes(instant, candidate)).join('/');
    if (zones.length > 0 && zones.every((candidate) => clock(candidate) === clock(zones[0]!))) zone = zones[0];
  }
  byCountry.set(key, zone);
  return zone;
}

/**
 * The locale the clock is formatted in. The portal's English is English as used in Europe (en-GB): 24-hour times and
 * "CET" rather than "6:12 AM GMT+1". The other four languages already use 24-hour times.
 */
export function clockLocale(locale: string): string {
  return locale === 'en' ? 'en-GB' : locale;
}

const STYLES = {
  /** "26 Nov 2026, 14:05 CET". */
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' },
  /** "14:05". */
  clock: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type TimeStyle = keyof typeof STYLES;

/** A date-time (ISO string or Date) in the reader's language, in `timeZone`; null when it is no date. */
export function formatLocalTime(value: string | Date, options: { locale: string; timeZone: string; style?: TimeStyle }): string | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(clockLocale(options.locale), { ...STYLES[options.style ?? 'dateTime'], timeZone: options.timeZone }).format(date);
}

/** The zone's offset from UTC at that instant, in minutes (`Europe/Amsterdam` in July: 120). */
export function offsetMinutes(date: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return Math.round((local - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * A date-time as the PDF prints it, in the local time of its place with the offset, language-neutral for a form in
 * several languages: `2026-05-04 10:00 UTC+02:00`; `UTC` alone where the offset is 0.
 */
export function pdfDateTime(value: string | null | undefined, timeZone: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const offset = offsetMinutes(date, timeZone);
  const local = new Date(date.getTime() + offset * 60_000);
  const day = `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`;
  const clock = `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
  const sign = offset < 0 ? '-' : '+';
  const zone = offset === 0 ? 'UTC' : `UTC${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
  return `${day} ${clock} ${zone}`;
}
