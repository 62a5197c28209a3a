import { assertSafeText } from './safe-input';

/**
 * Client id and secret from `Authorization: Basic …`, or undefined when absent or malformed. A NUL or an
 * unpaired surrogate in them is 3.17 on `Authorization` (contract §1), never a query with it.
 */
export function parseBasicAuth(header: string | null): { clientId: string; clientSecret: string } | undefined {
  if (!header || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return undefined;
  // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
  const safeDecode = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return value;
    }
  };
  const credentials = { clientId: safeDecode(decoded.slice(0, colon)), clientSecret: safeDecode(decoded.slice(colon + 1)) };
  assertSafeText(credentials.clientId, 'Authorization');
  assertSafeText(credentials.clientSecret, 'Authorization');
  return credentials;
}

export function parseBearer(header: string | null): string | undefined {
  if (!header || !/^bearer /i.test(header)) return undefined;
  const token = header.slice(7).trim();
  return token || undefined;
}
