/**
 * Text no input may carry (contract §1: 3.17): a NUL, which PostgreSQL cannot store in text, and an unpaired
 * UTF-16 surrogate, which has no UTF-8 form and breaks encoders further down (headers, URLs, hashes).
 */
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
}

type PathPart = string | number;

function pathText(path: readonly PathPart[]): string | undefined {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${part}` : part;
  return out || undefined;
}

/**
 * The field paths (`a.b[2].c`, as validation reports them) of every string inside a parsed value that is unsafe.
 * A bad object key is reported at its parent, so that the answer never repeats the bad text. Walked with a
 * stack of its own: a deeply nested body must not overflow the call stack.
 */
export function unsafeTextFields(value: unknown, path: readonly PathPart[] = []): (string | undefined)[] {
  const found: (string | undefined)[] = [];
  const pending: [unknown, readonly PathPart[]][] = [];
  // Strings are checked where they are met; only containers wait on the stack (with the path to them).
  const visit = (item: unknown, at: () => readonly PathPart[]) => {
    if (typeof item === 'string') {
      if (isUnsafeText(item)) found.push(pathText(at()));
    } else if (item && typeof item === 'object') {
      pending.push([item, at()]);
    }
  };
  visit(value, () => path);
  while (pending.length > 0) {
    const [current, at] = pending.pop()!;
    if (Array.isArray(current)) {
      current.forEach((item, index) => visit(item, () => [...at, index]));
    } else {
      for (const [key, item] of Object.entries(current as Record<string, unknown>)) {
        if (isUnsafeText(key)) found.push(pathText(at));
        else visit(item, () => [...at, key]);
      }
    }
  }
  return found;
}
