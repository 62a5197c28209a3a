/**
 * Two-factor approval codes (version 2; see docs/guides/two-factor-codes.md) in TypeScript with node:crypto only.
 * Runs as it stands on Node 22.18+ (`node tfa.ts`, types are stripped) or with `npx tsx tfa.ts` on older Node.
 *
 *   node tfa.ts challenge SERVICE_NUMBER S1 S3 [COMMENT_TEXT ...]
 *   node tfa.ts response CHALLENGE ACCOUNT_NUMBER S2 ACTION ACCOUNT_SECRET
 *   node tfa.ts vectors
 */
import { createHash, createHmac } from 'node:crypto';

// Verhoeff tables (dihedral group D5): multiplication, permutation, inverse.
// prettier-ignore
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6], [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1], [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
// prettier-ignore
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2], [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1], [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

export type Action = 'COLLECTION' | 'DELIVERY' | 'CARRIER_TO_CARRIER';

/** The check digit to append: digits processed from the right, the first one with permutation 1. */
export function verhoeff(digits: string): string {
  let c = 0;
  [...digits].reverse().forEach((digit, i) => {
    c = D[c]![P[(i + 1) % 8]![Number(digit)]!]!;
  });
  return String(INV[c]);
}

function pad(value: string, width: number): string {
  if (!new RegExp(`^\\d{1,${width}}$`).test(value)) throw new Error(`${value} must be 1 to ${width} digits`);
  return value.padStart(width, '0');
}

/** Padded base64 of exactly 64 bytes gives those bytes; any other secret (the numeric ones) its UTF-8 bytes. */
export function macKey(accountSecret: string): Buffer {
  if (/^[A-Za-z0-9+/]{86}==$/.test(accountSecret)) {
    const raw = Buffer.from(accountSecret, 'base64');
    if (raw.length === 64 && raw.toString('base64') === accountSecret) return raw;
  }
  return Buffer.from(accountSecret, 'utf8');
}

const decimal = (digest: Buffer) => BigInt(`0x${digest.toString('hex')}`);

/** The last `digits` decimal digits of HMAC-SHA256 read as a big-endian integer, zero-padded. */
export function mac(message: string, accountSecret: string, digits: number): string {
  const digest = createHmac('sha256', macKey(accountSecret)).update(message, 'utf8').digest();
  return (decimal(digest) % 10n ** BigInt(digits)).toString().padStart(digits, '0');
}

export function contentHash(comments: string[], serviceNumber: string): string {
  // Non-empty texts in UTF-16 code unit order (JavaScript's default sort), each followed by "|".
  const texts = comments.filter((text) => text !== '').sort();
  const digest = decimal(
    createHash('sha256')
      .update(`${texts.map((text) => `${text}|`).join('')}${serviceNumber}`, 'utf8')
      .digest(),
  );
  return `${digest}${Math.min(texts.length, 9)}`.slice(-5);
}

export function challenge(serviceNumber: string, s1: string, s3: string, comments: string[]): string {
  const body = `${contentHash(comments, serviceNumber)}${serviceNumber}${pad(s1, 4)}${pad(s3, 3)}`;
  return body + verhoeff(body);
}

/** Version 2: both MACs cover the challenge's first 24 digits, s2 and the transfer's action. */
export function response(challengeCode: string, accountNumber: string, s2: string, action: Action, accountSecret: string): string {
  const m = `${challengeCode.slice(0, 24)}|${pad(s2, 3)}|${action}`;
  const body = `${mac(`R1|${m}`, accountSecret, 5)}${pad(accountNumber, 8)}${pad(s2, 3)}${mac(`R2|${m}`, accountSecret, 8)}`;
  return body + verhoeff(body);
}

function vectors() {
  const numeric = '4815162342108512749035261945803726194853017264950382716495038271';
  const base64 = Buffer.from(Array.from({ length: 64 }, (_, i) => i)).toString('base64');
  const comments = ['Damaged pallet', 'All good'];
  const c = challenge('000000123456', '12', '345', comments);
  console.log('contentHash', contentHash(comments, '000000123456'));
  console.log('challenge', c);
  console.log('challenge without comments', challenge('000000123456', '12', '345', []));
  console.log('COLLECTION numeric', response(c, '1234567', '9', 'COLLECTION', numeric));
  console.log('COLLECTION base64', response(c, '1234567', '9', 'COLLECTION', base64));
  console.log('DELIVERY numeric', response(c, '1234567', '9', 'DELIVERY', numeric));
  console.log('CARRIER_TO_CARRIER numeric', response(c, '1234567', '9', 'CARRIER_TO_CARRIER', numeric));
  console.log('verhoeff(236)', verhoeff('236'));
}

// The command line, only when this file is run (not when an app imports its functions).
const [command = 'vectors', ...args] = process.argv[1]?.endsWith('tfa.ts') ? process.argv.slice(2) : ['none'];
if (command === 'challenge' && args.length >= 3) console.log(challenge(args[0]!, args[1]!, args[2]!, args.slice(3)));
else if (command === 'response' && args.length === 5) console.log(response(args[0]!, args[1]!, args[2]!, args[3] as Action, args[4]!));
else if (command === 'vectors') vectors();
else if (command !== 'none') {
  console.error('usage: tfa.ts challenge SERVICE_NUMBER S1 S3 [COMMENT ...] | response CHALLENGE ACCOUNT_NUMBER S2 ACTION SECRET | vectors');
  process.exit(2);
}
