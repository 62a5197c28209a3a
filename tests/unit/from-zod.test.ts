/**
 * Validation → error codes (contract §1: one element per problem, with code and field), through the
 * account schemas the REST endpoints and the portal share.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldPath, issueCode, zodIssuesToFieldErrors } from '@/lib/errors/from-zod';
import { changePasswordInput, createAccountInput } from '@/lib/schemas/account';

/** Parsed as the REST wrapper parses bodies: with the input in the issues, so that 3.1 and 3.17 differ. */
function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) throw new Error('expected the input to be invalid');
  return zodIssuesToFieldErrors(result.error.issues);
}

const valid = {
  name: 'Jane Shipper',
  email: 'jane@example.test',
  password: 'long enough password',
  phoneNumber: '+31 (0)20 123-4567',
  companyName: 'Shipping BV',
  acceptTermsAndConditions: true,
};

describe('createAccountInput', () => {
  it('accepts a complete account, and "true" as a string for the terms', () => {
    expect(createAccountInput.safeParse(valid).success).toBe(true);
    expect(createAccountInput.safeParse({ ...valid, acceptTermsAndConditions: 'true' }).success).toBe(true);
  });

  it('treats null optional fields as absent (spec §2.1)', () => {
    const parsed = createAccountInput.parse({ ...valid, phoneNumber: null, companyName: null });
    expect(parsed.phoneNumber).toBeUndefined();
    expect(parsed.companyName).toBeUndefined();
  });

  it('reports every bad field at once, each with its code and field', () => {
    const errors = errorsOf(createAccountInput, {
      name: '   ',
      email: 'no-at-sign',
      password: 'short',
      phoneNumber: 'letters!',
      acceptTermsAndConditions: false,
    });
    expect(errors).toEqual([
      { code: '3.1', description: 'Required field missing.', field: 'name' },
      { code: '3.4', description: 'Not an e-mail format.', field: 'email' },
      { code: '3.2', description: 'String length below minimum or above maximum.', field: 'password' },
      { code: '3.14', description: 'Invalid phone number.', field: 'phoneNumber' },
      { code: '3.3', description: 'Field must be true.', field: 'acceptTermsAndConditions' },
    ]);
  });

  it('3.17 for a present value of the wrong type, 3.1 only for a missing one', () => {
    expect(errorsOf(createAccountInput, { ...valid, name: 12, password: undefined })).toEqual([
      expect.objectContaining({ code: '3.17', field: 'name' }),
      expect.objectContaining({ code: '3.1', field: 'password' }),
    ]);
  });

  it('reports missing fields: 3.1 for required strings, 3.3 for the terms', () => {
    expect(errorsOf(createAccountInput, {})).toEqual([
      expect.objectContaining({ code: '3.1', field: 'name' }),
      expect.objectContaining({ code: '3.4', field: 'email' }),
      expect.objectContaining({ code: '3.1', field: 'password' }),
      expect.objectContaining({ code: '3.3', field: 'acceptTermsAndConditions' }),
    ]);
  });

  it('3.3 for every value of acceptTermsAndConditions but true and "true"', () => {
    fc.assert(
      fc.property(
        fc.anything().filter((value) => value !== true && value !== 'true'),
        (terms) => {
          const errors = errorsOf(createAccountInput, { ...valid, acceptTermsAndConditions: terms });
          expect(errors).toEqual([expect.objectContaining({ code: '3.3', field: 'acceptTermsAndConditions' })]);
        },
      ),
    );
  });

  it('3.2 for passwords outside 8–128 characters, and accepts every length inside', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 200 }), (password) => {
        const result = createAccountInput.safeParse({ ...valid, password });
        const inRange = password.length >= 8 && password.length <= 128;
        expect(result.success).toBe(inRange);
        if (!result.success) expect(zodIssuesToFieldErrors(result.error.issues)).toEqual([expect.objectContaining({ code: '3.2', field: 'password' })]);
      }),
    );
  });

  it('3.14 for a phone number with characters outside the allowed set', () => {
    for (const phone of ['call me', '+31 20 <script>', '12,34']) {
      expect(errorsOf(createAccountInput, { ...valid, phoneNumber: phone })).toEqual([expect.objectContaining({ code: '3.14', field: 'phoneNumber' })]);
    }
    for (const phone of ['+1 (555) 123-4567', '0031 20 1234567 #12', '555*1w2p3']) {
      expect(createAccountInput.safeParse({ ...valid, phoneNumber: phone }).success).toBe(true);
    }
  });
});

describe('changePasswordInput', () => {
  it('3.1 for a missing old password and 3.2 for a short new one, together', () => {
    expect(errorsOf(changePasswordInput, { oldPassword: '', newPassword: 'short' })).toEqual([
      expect.objectContaining({ code: '3.1', field: 'oldPassword' }),
      expect.objectContaining({ code: '3.2', field: 'newPassword' }),
    ]);
  });
});

describe('generic mapping of checks without a code of their own', () => {
  const schema = z.object({
    count: z.number().min(1),
    big: z.number().max(5),
    kind: z.enum(['A', 'B']),
    text: z.string(),
    items: z.array(z.object({ id: z.string().regex(/^\d+$/), when: z.iso.datetime() })).min(1),
    flag: z.boolean(),
  });

  it('maps each kind of failure to its category-3 code, with the field path as clients send it', () => {
    const errors = errorsOf(schema, {
      count: 0,
      big: 6,
      kind: 'C',
      text: 12,
      items: [
        { id: '1', when: '2024-01-01T00:00:00Z' },
        { id: 'x', when: 'yesterday' },
      ],
    });
    expect(errors.map(({ code, field }) => ({ code, field }))).toEqual([
      { code: '3.29', field: 'count' },
      { code: '3.9', field: 'big' },
      { code: '3.9', field: 'kind' },
      { code: '3.17', field: 'text' },
      { code: '3.6', field: 'items[1].id' },
      { code: '3.17', field: 'items[1].when' },
      { code: '3.1', field: 'flag' },
    ]);
  });

  it('3.1 for an empty required array; one element per distinct code and field', () => {
    expect(errorsOf(schema.pick({ items: true }), { items: [] })).toEqual([expect.objectContaining({ code: '3.1', field: 'items' })]);
    const twice = z.string().min(3, '3.2').max(1, '3.2');
    expect(errorsOf(z.object({ a: twice }), { a: 'ab' })).toHaveLength(1);
  });

  it('uses a code given as the message of a check', () => {
    const result = z.object({ c: z.string().refine(() => false, '4.36') }).safeParse({ c: 'x' });
    expect(result.success).toBe(false);
    if (!result.success) expect(issueCode(result.error.issues[0]!)).toBe('4.36');
  });

  it('writes field paths with dots for keys and brackets for indexes', () => {
    expect(fieldPath([])).toBeUndefined();
    expect(fieldPath(['a'])).toBe('a');
    expect(fieldPath(['a', 'b', 2, 'c'])).toBe('a.b[2].c');
    expect(fieldPath([0, 'x'])).toBe('[0].x');
  });

  it('omits field for errors about the whole body (3.17 for a body that is not an object)', () => {
    const errors = errorsOf(z.object({ a: z.string() }), 'not an object');
    expect(errors).toEqual([{ code: '3.17', description: expect.any(String) }]);
  });
});
