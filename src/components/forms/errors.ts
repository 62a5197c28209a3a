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

/**
 * Portal wording per code, for the freight document forms and actions, where the same code can sit on many
 * fields (`consignor.countryCode`, `subsequentCarriers[2].countryCode`). Codes whose server description says
 * more than the code (3.34 names the limit that was exceeded) are left out.
 */
const FRIENDLY_BY_CODE: Partial<Record<FieldError['code'], string>> = {
  '3.6': 'The value does not have the expected pattern.',
  '3.8': 'Only PDF, PNG and JPEG files can be attached, and this file is none of them.',
  '3.10': 'Enter both a name and a value for the reference.',
  '3.11': 'Enter a three-letter ISO 3166 country code, like NLD, DEU or FRA.',
  '3.12': 'Enter a three-letter ISO 4217 currency code, like EUR.',
  '3.14': 'The phone number may contain only digits, spaces and + ( ) - . # * p w.',
  '3.15': 'The estimated time of taking over must be before the estimated time of delivery.',
  '3.17': 'The format is not correct.',
  '3.18': 'The file is empty.',
  '3.26': 'Enter a date without a time.',
  '3.29': 'Enter zero or a positive number.',
  '3.32': 'Enter the currency of the reimbursement amount.',
  '3.33': 'Enter an amount with at most two decimals, like 1250.50.',
  '3.35': 'Name the carrier by account number or by e-mail address, not both.',
  '3.40': 'Describe the goods either as free text or as structured lines, not both.',
  '3.41': 'Describe the goods: enter a free-text description or add at least one structured line.',
  '3.42': 'Enter the place of taking over.',
  '3.43': 'Enter the country code of the place of taking over.',
  '3.44': 'The country of the place of taking over cannot be changed.',
  '4.5': 'Only a draft can be changed or cancelled.',
  '4.8': 'The holder of a role cannot be changed once it is set.',
  '4.18': 'The document is not in the right status for this.',
  '4.20': 'This document type is not supported.',
  '4.33': 'A role cannot be removed once it is set.',
  '4.36': 'Choose whether the attachment is about the goods or general.',
  '4.40': 'No active account has this account number.',
  '4.41': 'You do not have enough credits to issue this document.',
  '4.47': 'This freight document does not exist or you have no role in it.',
  '4.51': 'Choose at least one signing method.',
};

/** Wording for a code on fields of repeated rows, keyed with the row numbers taken out (`references[].name:3.10`). */
const FRIENDLY_BY_ROW_FIELD: Record<string, string> = {
  'structuredGoods[].name:3.1': 'Enter the name of the goods on this line.',
  'references[].name:3.10': 'Enter a name for the reference.',
  'references[].value:3.10': 'Enter a value for the reference.',
  'attachments[].originalFileName:3.1': 'The file has no name.',
};

export function messageFor(error: FieldError): string {
  const field = error.field;
  return (
    (field && (FRIENDLY[`${field}:${error.code}`] ?? FRIENDLY_BY_ROW_FIELD[`${field.replace(/\[\d+\]/g, '[]')}:${error.code}`])) ||
    FRIENDLY_BY_CODE[error.code] ||
    error.description
  );
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
  return [{ code: '5.0', description: 'The request could not be completed. Check your connection and try again.' }];
}

/** The first error of each field, for display next to the field. */
export function byField(errors: readonly FieldError[]): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const error of errors) if (error.field && !out[error.field]) out[error.field] = error;
  return out;
}

export { describeError };
