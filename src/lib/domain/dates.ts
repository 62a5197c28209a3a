/** ISO 8601 date-time with seconds optional and a zone (Z or ±hh:mm) required: spec dates are UTC-anchored. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const [, y, mo, d, h, mi, s] = match;
  if (!validCalendarDate(Number(y), Number(mo), Number(d))) return false;
  return Number(h) < 24 && Number(mi) < 60 && Number(s ?? 0) < 60 && !Number.isNaN(Date.parse(value));
}

/** A date without a time part (spec §2.3 establishedDate); a date-time here is 3.26. */
export function isDate(value: string): boolean {
  const match = DATE.exec(value);
  return !!match && validCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** `YYYY-MM-DDThh:mm:ssZ`, as the agreed and estimated fields are returned (contract §4). */
export function formatSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Whether a sent date-time changes the stored one, to the second (how the estimated fields are returned): clients
 * send both estimates every time, and the current value sent again is no change (contract §4).
 */
export function changesDateTime(sent: string | undefined, current: Date | null): boolean {
  if (sent === undefined) return false;
  return !current || Math.floor(Date.parse(sent) / 1000) !== Math.floor(current.getTime() / 1000);
}

/** With milliseconds, as modification and commit times are returned. */
export function formatMillis(date: Date): string {
  return date.toISOString();
}

/** The UTC date (`YYYY-MM-DD`) of a moment, as `agreedDateOfTakingOver` is returned (contract §4). */
export function utcDateOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * agreedDateTimeOfTakingOver from a body (contract §4): the date-time when given; else the date-time or
 * the 00:00:00Z of the date sent as agreedDateOfTakingOver. A date equal to the UTC date of the `current`
 * value keeps that value, so that a client that knows only the date does not reset the time by sending a
 * document back unchanged.
 */
export function agreedDateTimeOfTakingOver(dateTime: string | undefined, date: string | undefined, current?: Date | null): string | undefined {
  if (dateTime !== undefined || date === undefined) return dateTime;
  if (isDateTime(date)) return date;
  if (current && utcDateOf(current) === date) return formatSeconds(current);
  return `${date}T00:00:00Z`;
}
