import 'server-only';
import crypto from 'node:crypto';

/**
 * Derived keys by secret and purpose: a GET of an issued document opens its transfer secrets, and one HKDF per
 * value cost more than the AES itself (bench profile). Few entries: one APP_SECRET, a handful of purposes.
 */
const derivedKeys = new Map<string, Buffer>();

/** AES-256-GCM under a key derived from APP_SECRET; used for values the server must read back. */
function deriveKey(appSecret: string, purpose: string): Buffer {
  const cacheKey = `${purpose}\u0000${appSecret}`;
  let key = derivedKeys.get(cacheKey);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', appSecret, 'freight-document-service', purpose, 32));
    if (derivedKeys.size >= 64) derivedKeys.clear();
    derivedKeys.set(cacheKey, key);
  }
  return key;
}

export function seal(plaintext: string, appSecret: string, purpose: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', deriveKey(appSecret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function open(sealed: string, appSecret: string, purpose: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  // An empty plaintext seals to an empty body, so only a missing part is malformed.
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed value format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', deriveKey(appSecret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
