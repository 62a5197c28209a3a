import { errorItem, ServiceError } from '@/server/errors';
import { isUnsafeText, unsafeTextFields } from '@/lib/text/unsafe-text';

/**
 * Contract §1: a NUL or an unpaired surrogate in any input is 3.17, never a server error. Checked once where the
 * REST wrapper has parsed a request: the body (JSON or form), the query, the path parameters.
 */
export function assertSafeInput(parts: { body?: unknown; query?: URLSearchParams; params?: Record<string, string> }): void {
  const fields = unsafeTextFields(parts.body);
  for (const [name, value] of parts.query ?? []) if (isUnsafeText(name) || isUnsafeText(value)) fields.push(isUnsafeText(name) ? undefined : name);
  for (const [name, value] of Object.entries(parts.params ?? {})) if (isUnsafeText(value)) fields.push(name);
  if (fields.length === 0) return;
  const unique = [...new Set(fields)];
  throw new ServiceError(unique.map((field) => errorItem('3.17', field)));
}

/** For a single value read from a header (Basic credentials) or a form field outside the wrapper. */
export function assertSafeText(value: string | undefined, field: string): void {
  if (value !== undefined && isUnsafeText(value)) throw new ServiceError([errorItem('3.17', field)]);
}

/**
 * JSON bodies nest at most this deep. The service's documents need six levels; the tolerant reader and zod walk a
 * body recursively, and a body of 20,000 nested arrays (found by tests/integration/fuzz.test.ts) overflowed the stack
 * into a 500. Checked without recursion, right after parsing, for every endpoint.
 */
export const MAX_JSON_DEPTH = 64;

export function assertNestingWithin(value: unknown, maxDepth = MAX_JSON_DEPTH): void {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (!item || typeof item !== 'object') continue;
    if (depth >= maxDepth) throw new ServiceError([errorItem('2.4', undefined, `The request body nests deeper than ${maxDepth} levels.`)]);
    for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push([child, depth + 1]);
  }
}
