/**
 * Text no input may carry (contract §1: 3.17): a NUL, which PostgreSQL cannot store in text, and an unpaired
 * UTF-16 surrogate, which has no UTF-8 form and breaks encoders further down (headers, URLs, hashes).
 */
// eslint-disable-next-line no-control-regex -- a NUL is exactly what this finds
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
}

/** A NUL or a UTF-16 surrogate written as a JSON escape (`\u0000`, `\uD800`–`\uDFFF`). */
const UNSAFE_ESCAPE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})/;

/**
 * Whether a JSON text can hold unsafe text once parsed. In JSON a NUL or a lone surrogate can only come from a `\u`
 * escape: a raw control character is no JSON, and UTF-8 bytes that are no character decode to U+FFFD. A body
 * without such an escape needs no walk of its parsed value (issue 32: ~100 ms for 200,000 values); with one
 * (an emoji's pair too) it is walked, to name the fields.
 */
export function jsonMayHoldUnsafeText(text: string): boolean {
  return UNSAFE_ESCAPE.test(text);
}

type PathPart = string | number;
/** A path as a chain to its parent: O(1) per step down, the text built only for what is reported. */
type PathNode = { part: PathPart; parent?: PathNode } | undefined;

function pathText(node: PathNode, prefix: readonly PathPart[]): string | undefined {
  const parts: PathPart[] = [];
  for (let current = node; current; current = current.parent) parts.push(current.part);
  let out = '';
  for (const part of [...prefix, ...parts.reverse()]) out += typeof part === 'number' ? `[${part}]` : out ? `.${part}` : part;
  return out || undefined;
}

/**
 * The field paths (`a.b[2].c`, as validation reports them) of every string inside a parsed value that is unsafe.
 * A bad object key is reported at its parent, so that the answer never repeats the bad text. Walked with a
 * stack of its own and parent links, so that a deeply nested body costs linear time and no call stack.
 */
export function unsafeTextFields(value: unknown, path: readonly PathPart[] = []): (string | undefined)[] {
  const found: (string | undefined)[] = [];
  const pending: [object, PathNode][] = [];
  const visit = (item: unknown, at: PathNode) => {
    if (typeof item === 'string') {
      if (isUnsafeText(item)) found.push(pathText(at, path));
    } else if (item && typeof item === 'object') {
      pending.push([item, at]);
    }
  };
  visit(value, undefined);
  while (pending.length > 0) {
    const [current, at] = pending.pop()!;
    if (Array.isArray(current)) {
      current.forEach((item, index) => visit(item, { part: index, parent: at }));
    } else {
      for (const [key, item] of Object.entries(current)) {
        if (isUnsafeText(key)) found.push(pathText(at, path));
        else visit(item, { part: key, parent: at });
      }
    }
  }
  return found;
}
