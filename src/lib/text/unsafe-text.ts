/**
 * Text no input may carry (contract §1: 3.17): a NUL, which PostgreSQL cannot store in text, and an unpaired
 * UTF-16 surrogate, which has no UTF-8 form and breaks encoders further down (headers, URLs, hashes).
 */
// eslint-disable-next-line no-control-regex -- a NUL is exactly what this finds
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
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
