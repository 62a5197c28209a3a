/**
 * Contract §8: the TFA codes, with every vector the contract gives, plus the properties the server relies
 * on (the check digit catches single-digit errors, the parser reads back what the builder wrote).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { challengeCode, contentHash, isVerhoeffValid, mac, macKey, parseResponseCode, responseCode, responseCodeV1, verhoeff } from '@/lib/domain/tfa';

const serviceNumber = '000000123456';
const comments = ['Damaged pallet', 'All good'];
const numericSecret = '4815162342108512749035261945803726194853017264950382716495038271';
const base64Secret = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+Pw==';

describe('Verhoeff', () => {
  it('verhoeff("236") = 3 and the digit makes the number valid', () => {
    expect(verhoeff('236')).toBe('3');
    expect(isVerhoeffValid('2363')).toBe(true);
    expect(isVerhoeffValid('2364')).toBe(false);
  });

  it('catches every single-digit error and every adjacent transposition', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,24}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (digits, at, delta) => {
        const code = `${digits}${verhoeff(digits)}`;
        expect(isVerhoeffValid(code)).toBe(true);
        const index = at % code.length;
        const changed = `${code.slice(0, index)}${(Number(code[index]) + delta) % 10}${code.slice(index + 1)}`;
        expect(isVerhoeffValid(changed)).toBe(false);
        if (index + 1 < code.length && code[index] !== code[index + 1]) {
          const swapped = `${code.slice(0, index)}${code[index + 1]}${code[index]}${code.slice(index + 2)}`;
          expect(isVerhoeffValid(swapped)).toBe(false);
        }
      }),
    );
  });
});

describe('contentHash and challenge (contract §8 vectors)', () => {
  it('with the two comments', () => {
    expect(contentHash(comments, serviceNumber)).toBe('75412');
    expect(challengeCode({ contentHash: '75412', serviceNumber, s1: '12', s3: '345' })).toBe('7541200000012345600123451');
  });

  it('without comments', () => {
    const hash = contentHash([], serviceNumber);
    expect(challengeCode({ contentHash: hash, serviceNumber, s1: '12', s3: '345' })).toBe('6867000000012345600123450');
  });

  it('ignores empty comments and the order in which comments come', () => {
    expect(contentHash(['All good', '', 'Damaged pallet'], serviceNumber)).toBe('75412');
    expect(contentHash([''], serviceNumber)).toBe(contentHash([], serviceNumber));
  });
});

describe('version 2 response codes, bound to the transfer (contract §8 vectors)', () => {
  const challenge = '7541200000012345600123451';
  const bound = { challenge, accountNumber: '1234567', s2: '9' };

  it('COLLECTION with the numeric and the base64 secret', () => {
    expect(responseCode({ ...bound, action: 'COLLECTION', accountSecret: numericSecret })).toBe('6327901234567009914168682');
    expect(responseCode({ ...bound, action: 'COLLECTION', accountSecret: base64Secret })).toBe('6788101234567009735214019');
  });

  it('DELIVERY and CARRIER_TO_CARRIER with the numeric secret', () => {
    expect(responseCode({ ...bound, action: 'DELIVERY', accountSecret: numericSecret })).toBe('8870201234567009129239976');
    expect(responseCode({ ...bound, action: 'CARRIER_TO_CARRIER', accountSecret: numericSecret })).toBe('5068001234567009066890721');
  });

  it('another challenge body (s1, s3), s2 or action gives another response: one seen says nothing about another transfer', () => {
    const base = responseCode({ ...bound, action: 'DELIVERY', accountSecret: numericSecret });
    const otherS1 = challengeCode({ contentHash: '75412', serviceNumber, s1: '13', s3: '345' });
    expect(responseCode({ ...bound, challenge: otherS1, action: 'DELIVERY', accountSecret: numericSecret })).not.toBe(base);
    expect(responseCode({ ...bound, s2: '8', action: 'DELIVERY', accountSecret: numericSecret }).slice(0, 5)).not.toBe(base.slice(0, 5));
    // The check digit (the challenge's 25th digit) is not covered: it follows from the rest.
    expect(responseCode({ ...bound, challenge: `${challenge.slice(0, 24)}9`, action: 'DELIVERY', accountSecret: numericSecret })).toBe(base);
  });
});

describe('version 1 response codes (contract §8 vectors)', () => {
  const challenge = '7541200000012345600123451';

  it('numeric secret: its UTF-8 bytes are the key', () => {
    expect(responseCodeV1({ challenge, serviceNumber, accountNumber: '1234567', s2: '9', accountSecret: numericSecret })).toBe('8531601234567009538604974');
  });

  it('base64 secret of the bytes 0x00…0x3F: the 64 decoded bytes are the key', () => {
    expect(macKey(base64Secret)).toEqual(Uint8Array.from({ length: 64 }, (_, index) => index));
    expect(responseCodeV1({ challenge, serviceNumber, accountNumber: '1234567', s2: '9', accountSecret: base64Secret })).toBe('5125701234567009862714737');
  });

  it('only padded base64 of exactly 64 bytes is decoded; anything else is UTF-8', () => {
    const utf8 = (text: string) => new TextEncoder().encode(text);
    for (const secret of [numericSecret, base64Secret.slice(0, -2), `*${base64Secret.slice(1)}`, 'AAAA', '']) {
      expect(macKey(secret)).toEqual(utf8(secret));
    }
    // A non-canonical encoding (non-zero padding bits) of the same bytes is not the same key.
    const nonCanonical = `${base64Secret.slice(0, -3)}x==`;
    expect(macKey(nonCanonical)).toEqual(utf8(nonCanonical));
  });

  it('MAC is the last k digits, zero-padded', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 12 }), (message, digits) => {
        const value = mac(message, numericSecret, digits);
        expect(value).toMatch(new RegExp(`^\\d{${digits}}$`));
        expect(mac(message, numericSecret, digits + 1).slice(1)).toBe(value);
      }),
    );
  });

  it('the parser reads the account number, s2 and both MACs back', () => {
    expect(parseResponseCode('5125701234567009862714737')).toEqual({
      contentMac: '51257',
      paddedAccountNumber: '01234567',
      accountNumber: '1234567',
      s2: '009',
      serviceMac: '86271473',
    });
    expect(parseResponseCode('5125701234567009862714736')).toBeNull();
    expect(parseResponseCode('512570123456700986271473')).toBeNull();
    expect(parseResponseCode('51257012345670098627147 7')).toBeNull();
  });

  it('every response built is parsed back to its parts', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{12}$/),
        fc.stringMatching(/^[1-9]\d{6,7}$/),
        fc.stringMatching(/^\d{1,3}$/),
        fc.stringMatching(/^\d{5}$/),
        (number, account, s2, hash) => {
          const code = responseCode({ challenge: `${hash}${number}0000000`, action: 'COLLECTION', accountNumber: account, s2, accountSecret: base64Secret });
          expect(code).toHaveLength(25);
          expect(parseResponseCode(code)).toMatchObject({ accountNumber: account, s2: s2.padStart(3, '0') });
        },
      ),
    );
  });
});
