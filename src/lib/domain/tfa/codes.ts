import { mac, sha256Decimal } from './mac';
import { isVerhoeffValid, verhoeff } from './verhoeff';

/**
 * The two-factor approval codes of contract §8. The carrier's device shows a challenge; the counter party's
 * device answers with a response code that only the holder of its account secret can compute; the server
 * recomputes the response to accept the approval. 25 digits each, the last a Verhoeff check digit.
 */

export const CODE_LENGTH = 25;

const pad = (value: string, width: number, what: string) => {
  if (!/^\d+$/.test(value) || value.length > width) throw new Error(`${what} must be 1 to ${width} digits`);
  return value.padStart(width, '0');
};

function requireServiceNumber(serviceNumber: string) {
  if (!/^\d{12}$/.test(serviceNumber)) throw new Error('serviceNumber must be 12 digits');
}

/**
 * Binds the codes to the comments made at the hand-over: the non-empty comment texts sorted (UTF-16 code
 * unit order), each followed by `|`, then the service number; SHA-256 in decimal, min(count, 9) appended,
 * the last 5 characters kept.
 */
export function contentHash(comments: readonly string[], serviceNumber: string): string {
  requireServiceNumber(serviceNumber);
  const texts = comments.filter((text) => text !== '').sort();
  const digest = sha256Decimal(`${texts.map((text) => `${text}|`).join('')}${serviceNumber}`);
  return `${digest}${Math.min(texts.length, 9)}`.slice(-5);
}

export interface ChallengeInput {
  contentHash: string;
  serviceNumber: string;
  s1: string;
  s3: string;
}

/** pad5(contentHash) ‖ serviceNumber ‖ pad4(s1) ‖ pad3(s3) ‖ check. */
export function challengeCode(input: ChallengeInput): string {
  requireServiceNumber(input.serviceNumber);
  const body = `${pad(input.contentHash, 5, 'contentHash')}${input.serviceNumber}${pad(input.s1, 4, 's1')}${pad(input.s3, 3, 's3')}`;
  return `${body}${verhoeff(body)}`;
}

/** The transfer a version 2 response is bound to (contract §7's actions). */
export type TfaAction = 'COLLECTION' | 'DELIVERY' | 'CARRIER_TO_CARRIER';

export interface ResponseInput {
  /** The carrier's challenge code (its first 24 digits are what the response covers). */
  challenge: string;
  accountNumber: string;
  s2: string;
  action: TfaAction;
  /** The counter party's accountSecret, numeric or base64 (see macKey). */
  accountSecret: string;
}

function requireChallengeBody(challenge: string) {
  if (!/^\d{24}/.test(challenge)) throw new Error('challenge must start with 24 digits');
}

/**
 * Version 2, the default (contract §8): both MACs cover the whole challenge body, s2 and the action, so a
 * response seen for one transfer says nothing about another transfer of the same document.
 * m = challenge[0:24] | pad3(s2) | action; pad5(MAC("R1|"+m, 5)) ‖ pad8(accountNumber) ‖ pad3(s2) ‖ pad8(MAC("R2|"+m, 8)) ‖ check.
 */
export function responseCode(input: ResponseInput): string {
  requireChallengeBody(input.challenge);
  const s2 = pad(input.s2, 3, 's2');
  const bound = `${input.challenge.slice(0, 24)}|${s2}|${input.action}`;
  const body = `${mac(`R1|${bound}`, input.accountSecret, 5)}${pad(input.accountNumber, 8, 'accountNumber')}${s2}${mac(`R2|${bound}`, input.accountSecret, 8)}`;
  return `${body}${verhoeff(body)}`;
}

export interface ResponseInputV1 {
  challenge: string;
  serviceNumber: string;
  accountNumber: string;
  s2: string;
  /** The counter party's accountSecret, numeric or base64 (see macKey). */
  accountSecret: string;
}

/**
 * Version 1, the commercial service's (accepted only with TFA_ACCEPT_V1=true): its MACs cover the content hash
 * and the service number only. pad5(MAC(challenge[0:5] + "|" + serviceNumber, 5)) ‖ pad8(accountNumber) ‖ pad3(s2)
 * ‖ pad8(MAC(serviceNumber, 8)) ‖ check.
 */
export function responseCodeV1(input: ResponseInputV1): string {
  requireServiceNumber(input.serviceNumber);
  if (!/^\d{5}/.test(input.challenge)) throw new Error('challenge must start with 5 digits');
  const contentMac = mac(`${input.challenge.slice(0, 5)}|${input.serviceNumber}`, input.accountSecret, 5);
  const serviceMac = mac(input.serviceNumber, input.accountSecret, 8);
  const body = `${contentMac}${pad(input.accountNumber, 8, 'accountNumber')}${pad(input.s2, 3, 's2')}${serviceMac}`;
  return `${body}${verhoeff(body)}`;
}

export interface ParsedResponseCode {
  contentMac: string;
  /** As written in the code: 8 digits, zero-padded. */
  paddedAccountNumber: string;
  /** Without the padding zeros. */
  accountNumber: string;
  s2: string;
  serviceMac: string;
}

/** The parts of a response code, or null when it is not 25 digits with a valid check digit. */
export function parseResponseCode(code: string): ParsedResponseCode | null {
  if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code) || !isVerhoeffValid(code)) return null;
  const paddedAccountNumber = code.slice(5, 13);
  return {
    contentMac: code.slice(0, 5),
    paddedAccountNumber,
    accountNumber: paddedAccountNumber.replace(/^0+(?=\d)/, ''),
    s2: code.slice(13, 16),
    serviceMac: code.slice(16, 24),
  };
}

/** An account number as the response code carries it. */
export function paddedAccountNumber(accountNumber: string): string {
  return pad(accountNumber, 8, 'accountNumber');
}

/** Contract §8: wrong response codes allowed per transfer within one window, and the window's length. */
export const TFA_MAX_WRONG_CODES = 5;
export const TFA_ATTEMPT_WINDOW_SECONDS = 15 * 60;
