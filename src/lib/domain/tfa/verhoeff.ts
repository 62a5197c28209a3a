/**
 * The Verhoeff check digit with the standard dihedral-group tables, digits processed from the right
 * (contract §8). Small and fixed, so written out here rather than taken from an unmaintained package.
 */
const MULTIPLY = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const PERMUTE = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INVERSE = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function checksum(digits: string, offset: number): number {
  if (!/^\d*$/.test(digits)) throw new Error('Verhoeff works on decimal digits only');
  let c = 0;
  for (let i = 0; i < digits.length; i += 1) {
    c = MULTIPLY[c]![PERMUTE[(i + offset) % 8]![Number(digits[digits.length - 1 - i])]!]!;
  }
  return c;
}

/** The check digit to append to `digits`. */
export function verhoeff(digits: string): string {
  return String(INVERSE[checksum(digits, 1)]);
}

/** Whether the last digit of `digits` is the Verhoeff check digit of the others. */
export function isVerhoeffValid(digits: string): boolean {
  return digits.length > 1 && checksum(digits, 0) === 0;
}
