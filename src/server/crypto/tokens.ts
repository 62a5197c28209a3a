import 'server-only';
import crypto from 'node:crypto';

/** A 256-bit random token, URL-safe. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Tokens are high-entropy, so a plain SHA-256 is a safe and fast way to store and look them up. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = crypto.createHash('sha256').update(a, 'utf8').digest();
  const right = crypto.createHash('sha256').update(b, 'utf8').digest();
  return crypto.timingSafeEqual(left, right);
}

/** Uniformly random decimal digits (rejection sampling, no modulo bias). */
export function randomDigits(count: number): string {
  let out = '';
  while (out.length < count) {
    for (const byte of crypto.randomBytes(count)) {
      if (byte < 250 && out.length < count) out += String(byte % 10);
    }
  }
  return out;
}

export function newId(): string {
  return crypto.randomUUID();
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a value can be an id newId made: one that cannot (`%00`, very long, not a UUID) names nothing. */
export function isId(value: string): boolean {
  return ID.test(value);
}
