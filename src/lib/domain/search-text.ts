/**
 * Accent- and case-insensitive search (issue 12): text is folded to lowercase without diacritics, the same way in
 * the browser, in the tests and in SQL. The SQL side is `translate(lower(x), FOLD_FROM, FOLD_TO)`: every database
 * has `translate`, while `unaccent` is an extension PGlite and a managed PostgreSQL may not offer.
 */

/** Letters without a decomposition that people still expect to match their base letter. */
const EXTRA: Record<string, string> = { ł: 'l', Ł: 'l', ø: 'o', Ø: 'o', đ: 'd', Đ: 'd', ħ: 'h', Ħ: 'h', ı: 'i', ŧ: 't', Ŧ: 't' };

function buildMap(): Map<string, string> {
  const map = new Map<string, string>(Object.entries(EXTRA));
  // Latin-1 Supplement and Latin Extended-A/B: the letters of the five languages and their neighbours.
  for (let code = 0xc0; code <= 0x24f; code += 1) {
    const letter = String.fromCodePoint(code);
    const base = letter.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (/^[a-z]$/.test(base) && base !== letter) map.set(letter, base);
  }
  return map;
}

const MAP = buildMap();
/** The two arguments of SQL `translate`: each character of FOLD_FROM becomes the one at the same place in FOLD_TO. */
export const FOLD_FROM = [...MAP.keys()].join('');
export const FOLD_TO = [...MAP.values()].join('');

/** The folded form of a text: "Crème Brûlée ŁÓDŹ" → "creme brulee lodz". */
export function foldText(value: string): string {
  return [...value.normalize('NFC').toLowerCase()].map((letter) => MAP.get(letter) ?? letter).join('');
}

/** A LIKE pattern that finds the folded words anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(value: string): string {
  return `%${foldText(value.trim()).replace(/[\\%_]/g, (wildcard) => `\\${wildcard}`)}%`;
}
