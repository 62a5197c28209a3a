/**
 * Contract §15's length rule: text over its eFTI length is split over repeated elements at the last space before
 * the limit, or cut where the element cannot repeat; either way the readiness check reports it TOO_LONG. Lengths
 * count characters (code points), as the schema's maxLength does.
 */

/** Characters XML 1.0 cannot carry (C0 controls but tab, LF, CR; U+FFFE, U+FFFF; unpaired surrogates): left out. */
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text as an element can carry it: without the characters XML forbids, blanks at its ends trimmed. */
export function xmlText(value: string): string {
  return value.replace(NOT_IN_XML, '').trim();
}

export function lengthOf(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** The text in parts of at most `max` characters, each ending at the last space before the limit (or cut there). */
export function splitText(value: string, max: number): string[] {
  const parts: string[] = [];
  let rest = Array.from(xmlText(value));
  while (rest.length > max) {
    const space = rest.lastIndexOf(' ', max);
    const end = space > 0 ? space : max;
    const part = rest.slice(0, end).join('').trimEnd();
    if (part) parts.push(part);
    rest = Array.from(rest.slice(end).join('').trimStart());
  }
  if (rest.length > 0) parts.push(rest.join(''));
  return parts;
}

/** The text cut at `max` characters, for an element that cannot repeat. */
export function cutText(value: string, max: number): string {
  return Array.from(xmlText(value)).slice(0, max).join('').trimEnd();
}
