'use client';
import { useLocale, useTimeZone } from 'next-intl';
import { useCallback } from 'react';
import { formatLocalTime, zoneOfCountry, type TimeStyle } from '@/lib/i18n/local-time';

/**
 * The one date-time format of the screens (decision 0027): the reader's language with 24-hour times, in the zone of
 * the place the time belongs to (its country's, where that has one zone), else the reader's own. The reader's zone is
 * the IntlProvider's: UTC on the server and during hydration, then the browser's, so server and client agree.
 */
export function useLocalTime() {
  const locale = useLocale();
  const readerZone = useTimeZone() ?? 'UTC';
  return useCallback(
    (value: string | Date, options: { countryCode?: string | null; style?: TimeStyle } = {}) =>
      formatLocalTime(value, { locale, timeZone: zoneOfCountry(options.countryCode) ?? readerZone, style: options.style }) ??
      (typeof value === 'string' ? value : ''),
    [locale, readerZone],
  );
}

/**
 * An ISO date-time in the reader's language; `countryCode` names the country of the place it belongs to (the
 * collection's time at the place of taking over). The machine-readable value stays in `dateTime`.
 */
export function DateTime({ value, countryCode, style }: { value: unknown; countryCode?: string | null; style?: TimeStyle }) {
  const format = useLocalTime();
  if (typeof value !== 'string' || value === '') return <>—</>;
  if (Number.isNaN(new Date(value).getTime())) return <>{value}</>;
  return <time dateTime={value}>{format(value, { countryCode, style })}</time>;
}
