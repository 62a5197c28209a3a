/** Display helpers shared by the portal's document screens. */

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** An ISO date-time in the reader's locale and time zone, with the zone named. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  // dateStyle/timeStyle cannot be combined with timeZoneName: the parts are named one by one.
  return date.toLocaleString('en-GB', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
}

export const STATUS_LABELS: Record<string, string> = {
  DRAFT: 'Draft',
  ISSUED: 'Issued',
  TRANSIT: 'In transit',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};

export const ROLE_LABELS: Record<string, string> = {
  SUBMITTER: 'Submitter',
  CONSIGNOR: 'Consignor',
  CONSIGNEE: 'Consignee',
  CARRIER: 'Carrier',
  SUBSEQUENT_CARRIER: 'Subsequent carrier',
  PLACE_OF_TAKING_OVER: 'Place of taking over',
  PLACE_OF_DELIVERY: 'Place of delivery',
};
