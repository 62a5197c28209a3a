import type { z } from 'zod';
import { describeError, isErrorCode } from '@/lib/errors/catalogue';
import { zodIssuesToFieldErrors, type FieldError } from '@/lib/errors/from-zod';

export type { FieldError };

/**
 * Portal wording for the errors a person can fix in a form, keyed by `field:code`. Anything not listed
 * shows the catalogue's description, so every error is visible even without a friendlier text.
 */
const FRIENDLY: Record<string, string> = {
  'name:3.1': 'Enter your name.',
  'name:3.2': 'The name can be at most 255 characters long.',
  'email:3.1': 'Enter your e-mail address.',
  'email:3.2': 'The e-mail address can be at most 254 characters long.',
  'email:3.4': 'Enter a valid e-mail address, like name@example.com.',
  'email:3.5': 'An account with this e-mail address already exists. Sign in instead, or use another address.',
  'password:3.1': 'Enter a password.',
  'password:3.2': 'The password must be 8 to 128 characters long.',
  'phoneNumber:3.2': 'The phone number can be at most 50 characters long.',
  'phoneNumber:3.14': 'The phone number may contain only digits, spaces and + ( ) - . # * p w.',
  'companyName:3.2': 'The company name can be at most 255 characters long.',
  'acceptTermsAndConditions:3.3': 'You must accept the terms and conditions to create an account.',
  'oldPassword:3.1': 'Enter your current password.',
  'oldPassword:1.7': 'Your current password is not correct.',
  'newPassword:3.1': 'Enter a new password.',
  'newPassword:3.2': 'The new password must be 8 to 128 characters long.',
  'newPassword:3.7': 'The new password must be different from your current password.',
};

export function messageFor(error: FieldError): string {
  return (error.field && FRIENDLY[`${error.field}:${error.code}`]) || error.description;
}

/** Client-side validation with the request schema itself: the same codes the server would answer. */
export function validate<T extends z.ZodType>(schema: T, input: unknown): { ok: true; data: z.output<T> } | { ok: false; errors: FieldError[] } {
  const result = schema.safeParse(input);
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
  return [{ code: '5.0', description: 'The request could not be completed. Check your connection and try again.' }];
}

/** The first error of each field, for display next to the field. */
export function byField(errors: readonly FieldError[]): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const error of errors) if (error.field && !out[error.field]) out[error.field] = error;
  return out;
}

export { describeError };
