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
