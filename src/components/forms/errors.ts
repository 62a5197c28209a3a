import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { describeError, isErrorCode } from '@/lib/errors/catalogue';
import { zodIssuesToFieldErrors, type FieldError } from '@/lib/errors/from-zod';

export type { FieldError };

/** `references[1].name` → `referencesName`: the catalogue key of a field, rows counted out (keys cannot hold dots). */
function fieldKey(field: string): string {
  return field.replace(/\[\d+\]/g, '').replace(/\.(\w)/g, (_, first: string) => first.toUpperCase());
}

/**
 * Portal wording for an error, from the catalogues (`errors`): by field where a field needs its own words
 * (`email` 3.5, `references[].value` 3.10), else by code, which every code of the error catalogue has.
 */
export function useErrorMessage(): (error: FieldError) => string {
  const t = useTranslations('errors');
  type Key = Parameters<typeof t.has>[0];
  return (error) => {
    const code = error.code.replace('.', '_');
    const byField = (error.field ? `field.${fieldKey(error.field)}.${code}` : '') as Key;
    if (byField && t.has(byField)) return t(byField);
    const byCode = `code.${code}` as Key;
    return t.has(byCode) ? t(byCode) : error.description;
  };
}

/** Client-side validation with the request schema itself: the same codes the server would answer. */
export function validate<T extends z.ZodType>(schema: T, input: unknown): { ok: true; data: z.output<T> } | { ok: false; errors: FieldError[] } {
  const result = schema.safeParse(input, { reportInput: true });
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: zodIssuesToFieldErrors(result.error.issues) };
}

/**
 * The error list of a failed tRPC call (`error.data.errors`, see the server's errorFormatter), or a
 * generic item when the call failed before reaching the server (network, unexpected answer).
 */
export function errorsFromCall(error: unknown): FieldError[] {
  const data = (error as { data?: { errors?: unknown } } | null)?.data;
  const items = Array.isArray(data?.errors) ? data.errors : [];
  const valid = items.filter(
    (item): item is FieldError =>
      typeof item === 'object' && item !== null && typeof (item as FieldError).code === 'string' && isErrorCode((item as FieldError).code),
  );
  if (valid.length > 0) return valid;
  return [{ code: '5.0', description: describeError('5.0') }];
}

/** The first error of each field, for display next to the field. */
export function byField(errors: readonly FieldError[]): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const error of errors) if (error.field && !out[error.field]) out[error.field] = error;
  return out;
}

export { describeError };
