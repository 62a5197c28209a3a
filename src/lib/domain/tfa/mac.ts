import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Padded standard base64 of exactly 64 bytes: 86 characters and `==` (contract §2, ACCOUNT_SECRET_FORMAT=base64). */
const BASE64_OF_64_BYTES = /^[A-Za-z0-9+/]{86}==$/;

function base64ToBytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

function bytesToBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The MAC key of an account secret (contract §8): the 64 bytes a padded base64 secret decodes to, otherwise
 * the secret's UTF-8 bytes (the numeric secrets). Only a canonical encoding counts as base64, so a secret
 * means exactly one key.
 */
export function macKey(accountSecret: string): Uint8Array {
  if (BASE64_OF_64_BYTES.test(accountSecret)) {
    const bytes = base64ToBytes(accountSecret);
    if (bytes.length === 64 && bytesToBase64(bytes) === accountSecret) return bytes;
  }
  return utf8ToBytes(accountSecret);
}

/** The big-endian integer of a digest, in decimal. */
export function decimalOf(digest: Uint8Array): string {
  return BigInt(`0x${bytesToHex(digest) || '0'}`).toString(10);
}

/** MAC(msg, k): the last k decimal digits of HMAC-SHA256(key, msg) read as a big-endian integer, zero-padded to k. */
export function mac(message: string, accountSecret: string, digits: number): string {
  const value = BigInt(`0x${bytesToHex(hmac(sha256, macKey(accountSecret), utf8ToBytes(message)))}`);
  return (value % 10n ** BigInt(digits)).toString(10).padStart(digits, '0');
}

/** SHA-256 of a UTF-8 text as a decimal integer. */
export function sha256Decimal(text: string): string {
  return decimalOf(sha256(utf8ToBytes(text)));
}
