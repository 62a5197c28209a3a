'use client';
import { useFormatter } from 'next-intl';
import { isDate } from '@/lib/domain/dates';

/**
 * A calendar date (`establishedDate`, YYYY-MM-DD) in the reader's language, in the same style as DateTime's dates
 * ("20 Nov 2026"). A date has no time zone: it is shown as the day it names.
 */
export function DateOnly({ value }: { value: unknown }) {
  const format = useFormatter();
  if (typeof value !== 'string' || value === '') return <>—</>;
  if (!isDate(value)) return <>{value}</>;
  return <time dateTime={value}>{format.dateTime(new Date(`${value}T00:00:00Z`), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })}</time>;
}
