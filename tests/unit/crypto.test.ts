/**
 * The server's own cryptography: password hashing, the secret box that keeps the accountSecret (and mail
 * bodies) encrypted under APP_SECRET, and the random tokens.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIVATION_TOKEN_PATTERN } from '@/lib/schemas/account';
import { hashPassword, verifyPassword } from '@/server/crypto/passwords';
import { open, seal } from '@/server/crypto/secret-box';
import { constantTimeEqual, hashToken, randomDigits, randomToken } from '@/server/crypto/tokens';

describe('passwords', () => {
  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    for (const wrong of ['correct horse batterY', 'correct horse battery ', '', 'x']) {
      expect(await verifyPassword(wrong, stored), wrong).toBe(false);
    }
  });

  it('salts: the same password hashes differently each time, and neither hash contains it', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toContain('same password');
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('normalises Unicode (NFKC), so one password typed two ways verifies', async () => {
    const composed = 'caf\u00e9 password';
    const decomposed = 'cafe\u0301 password';
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('round-trips arbitrary passwords', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), async (password) => {
        const stored = await hashPassword(password);
        expect(await verifyPassword(password, stored)).toBe(true);
        expect(await verifyPassword(`${password}!`, stored)).toBe(false);
      }),
      { numRuns: 4 },
    );
  });

  it('refuses stored values it does not understand instead of throwing', async () => {
    for (const stored of ['', 'plain text', 'bcrypt$10$abc$def', 'scrypt$16384$8$1$$']) {
      expect(await verifyPassword('anything', stored), stored).toBe(false);
    }
  });
});

describe('secret box', () => {
  const appSecret = 'a test application secret of enough length';

  it('opens what it sealed, for any text (the empty one too) and purpose', () => {
    expect(open(seal('', appSecret, 'mail-body'), appSecret, 'mail-body')).toBe('');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ minLength: 1 }), (plaintext, purpose) => {
        expect(open(seal(plaintext, appSecret, purpose), appSecret, purpose)).toBe(plaintext);
      }),
    );
  });

  it('never shows the plaintext and never seals the same value twice alike', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{64}$/), (secret) => {
        const first = seal(secret, appSecret, 'account-secret');
        const second = seal(secret, appSecret, 'account-secret');
        expect(first).not.toContain(secret);
        expect(first).not.toBe(second);
        expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
      }),
    );
  });

  it('refuses another APP_SECRET, another purpose, and any tampering', () => {
    const sealed = seal('4815162342', appSecret, 'account-secret');
    expect(() => open(sealed, 'another application secret entirely', 'account-secret')).toThrow();
    expect(() => open(sealed, appSecret, 'mail-body')).toThrow();
    const parts = sealed.split('.');
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    for (const index of [1, 2, 3]) {
      const tampered = parts.map((part, i) => (i === index ? flip(part) : part)).join('.');
      expect(() => open(tampered, appSecret, 'account-secret'), `part ${index}`).toThrow();
    }
    expect(() => open('v2.a.b.c', appSecret, 'account-secret')).toThrow(/format/);
    expect(() => open('4815162342', appSecret, 'account-secret')).toThrow(/format/);
  });
});

describe('tokens', () => {
  it('makes 256-bit URL-safe tokens in the activation token format, all different', () => {
    const tokens = Array.from({ length: 200 }, () => randomToken());
    for (const token of tokens) expect(token).toMatch(ACTIVATION_TOKEN_PATTERN);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('hashes tokens to SHA-256 hex, deterministically and without the token in it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (token) => {
        const hash = hashToken(token);
        expect(hash).toMatch(/^[0-9a-f]{64}$/);
        expect(hashToken(token)).toBe(hash);
        expect(hashToken(`${token}x`)).not.toBe(hash);
      }),
    );
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compares in constant time with the result of ===', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(constantTimeEqual(a, b)).toBe(a === b);
      }),
    );
    expect(constantTimeEqual('same', 'same')).toBe(true);
    expect(constantTimeEqual('same', 'Same')).toBe(false);
  });

  it('makes decimal strings of the asked length with every digit about equally often', () => {
    for (const count of [1, 7, 64, 300]) expect(randomDigits(count)).toMatch(new RegExp(`^\\d{${count}}$`));
    const digits = randomDigits(20_000);
    const counts = Array.from({ length: 10 }, (_, d) => digits.split(String(d)).length - 1);
    // Expected 2,000 each; ±15 % is far outside chance (σ ≈ 42) yet catches a modulo bias or a stuck digit.
    for (const n of counts) expect(Math.abs(n - 2_000)).toBeLessThan(300);
  });
});
