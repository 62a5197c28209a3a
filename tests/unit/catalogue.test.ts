/**
 * The error catalogue against the specification (§7: every code) and the contract (§1: every status).
 */
import { describe, expect, it } from 'vitest';
import { describeError, errorCodes, httpStatusOf, isErrorCode, type ErrorCode } from '@/lib/errors/catalogue';

const range = (category: number, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${category}.${from + i}`);

/** Every code the specification's §7 tables list as in use (the rows marked "unused" are left out), and contract §14's. */
const SPEC_CODES = [
  ...['1.1', '1.3', '1.4', '1.6', '1.7', '1.8', '1.9', '1.10', '1.11', '1.12', '1.13'],
  ...['2.1', '2.2', '2.4', '2.5', '2.6', '2.7'],
  ...range(3, 1, 50),
  ...range(4, 1, 20),
  '4.29',
  '4.30',
  '4.31',
  '4.33',
  ...range(4, 35, 47),
  '4.50',
  '4.51',
  ...range(4, 60, 64),
  '5.0',
];

/** Contract §1, "HTTP status by code". */
function contractStatus(code: string): number | number[] {
  if (['1.1', '1.6', '1.7', '1.8', '1.9', '1.11', '1.12', '1.13'].includes(code)) return 401;
  if (['1.3', '1.4', '1.10'].includes(code)) return 403;
  if (['2.1', '2.4', '2.7'].includes(code)) return 400;
  if (code === '2.2') return 404;
  if (code === '2.5') return 405;
  if (code === '2.6') return [406, 415];
  if (code.startsWith('3.')) return 400;
  if (['4.1', '4.4', '4.47'].includes(code)) return 404;
  if (['4.14', '4.20', '4.36', '4.40', '4.44', '4.50', '4.51'].includes(code)) return 400;
  if (code.startsWith('4.')) return 409;
  if (code === '5.0') return 500;
  throw new Error(`no contract status for ${code}`);
}

describe('error catalogue', () => {
  it('lists the 107 codes in use of the specification and the 5 of contract §14', () => {
    expect(SPEC_CODES).toHaveLength(new Set(SPEC_CODES).size);
    expect(SPEC_CODES).toHaveLength(112);
  });

  it.each(SPEC_CODES)('has %s with the status of contract §1 and a description', (code) => {
    expect(isErrorCode(code)).toBe(true);
    const expected = contractStatus(code);
    if (Array.isArray(expected)) expect(expected).toContain(httpStatusOf(code as ErrorCode));
    else expect(httpStatusOf(code as ErrorCode)).toBe(expected);
    expect(describeError(code as ErrorCode).trim().length).toBeGreaterThan(3);
  });

  it('has no code the specification does not define, except its reserved "unused" rows', () => {
    const unusedInSpec = new Set(['1.2', '1.5', '2.3', ...range(4, 21, 28), '4.32', '4.34', '4.48', '4.49']);
    const extra = errorCodes.filter((code) => !SPEC_CODES.includes(code));
    expect(extra.filter((code) => !unusedInSpec.has(code))).toEqual([]);
  });

  it('writes every code as <category>.<detail> in categories 1 to 5', () => {
    for (const code of errorCodes) expect(code).toMatch(/^[1-5]\.\d{1,2}$/);
  });

  it('recognises only catalogue codes', () => {
    expect(isErrorCode('3.14')).toBe(true);
    for (const other of ['3.51', '6.1', '1', '', 'toString', '__proto__', 'constructor']) expect(isErrorCode(other)).toBe(false);
  });

  it('describes 5.0 without internal details', () => {
    expect(describeError('5.0')).not.toMatch(/stack|sql|exception|at \w+/i);
  });
});
