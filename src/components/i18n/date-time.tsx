'use client';
import { useFormatter } from 'next-intl';

/**
 * An ISO date-time in the reader's language and time zone, in the one format the portal uses (FORMATS); the
 * machine-readable value stays in `dateTime`. A client component, so that the browser's zone applies.
 */
export function DateTime({ value }: { value: unknown }) {
  const format = useFormatter();
  if (typeof value !== 'string' || value === '') return <>—</>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return <time dateTime={value}>{format.dateTime(date, 'dateTime')}</time>;
}
