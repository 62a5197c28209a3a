import Negotiator from 'negotiator';
import { ACCEPT_FIELD } from '@/lib/errors/catalogue';
import { fail } from '@/server/errors';

export const JSON_MEDIA = 'application/json';
/** Contract §9: the freight document as an OpenPGP cleartext-signed message. */
export const PGP_SIGNATURE_MEDIA = 'application/vnd.freightdocument.v1+pgp-signature';

/**
 * Picks the response media type from Accept (contract §1): a missing header, `*\/*` and `application/*`
 * give the first offered type; anything the endpoint does not offer is 2.6 (406).
 */
export function negotiateMedia(accept: string | null, offered: readonly string[]): string {
  if (!accept || !accept.trim()) return offered[0]!;
  // Negotiator demands that every media-range parameter match; a charset (`application/json;charset=UTF-8`,
  // as many HTTP clients send) must not turn JSON into 406.
  const ranges = accept.replace(/;\s*charset\s*=\s*"?[^,;"]*"?/gi, '');
  const chosen = new Negotiator({ headers: { accept: ranges } }).mediaType([...offered]);
  if (!chosen) fail('2.6', ACCEPT_FIELD, { description: `Acceptable media types: ${offered.join(', ')}.` });
  return chosen;
}

export function isJsonContentType(contentType: string | null): boolean {
  return !!contentType && /^application\/json\s*(;|$)/i.test(contentType.trim());
}

export function isFormContentType(contentType: string | null): boolean {
  return !!contentType && /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType.trim());
}
