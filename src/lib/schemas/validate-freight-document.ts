import { agreedDateTimeOfTakingOver } from '@/lib/domain/dates';
import { describeError } from '@/lib/errors/catalogue';
import { zodIssuesToFieldErrors, type FieldError } from '@/lib/errors/from-zod';
import { freightDocumentInput, freightDocumentRules, type FreightDocumentInput } from './freight-document';
import { withoutUnsetFields } from './tolerant';

export type DocumentValidation = { ok: true; data: FreightDocumentInput } | { ok: false; errors: FieldError[] };

/** What the document holds now, for a replacement (PUT). */
export interface CurrentDocument {
  agreedDateTimeOfTakingOver?: Date | null;
}

/**
 * Field errors and cross-field rule violations of one body, all at once (REST, tRPC and the drafting form).
 * The body is read tolerantly (contract §1): `""` and null attributes count as omitted.
 */
export function validateFreightDocument(raw: unknown, current: CurrentDocument = {}): DocumentValidation {
  const body = withoutUnsetFields(raw);
  // With the input in the issues, a wrong type (3.17) is told apart from a missing value (3.1).
  const parsed = freightDocumentInput.safeParse(body, { reportInput: true });
  const errors = parsed.success ? [] : zodIssuesToFieldErrors(parsed.error.issues);
  for (const rule of freightDocumentRules(body)) {
    // A missing placeOfTakingOver is reported as 3.42 only, not also as a generic missing field.
    if (!errors.some((error) => error.field === rule.field && error.code === rule.code)) {
      errors.push({ code: rule.code, description: describeError(rule.code), field: rule.field });
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  const { agreedDateOfTakingOver, ...data } = parsed.data;
  const agreed = agreedDateTimeOfTakingOver(data.agreedDateTimeOfTakingOver, agreedDateOfTakingOver, current.agreedDateTimeOfTakingOver);
  return { ok: true, data: { ...data, agreedDateTimeOfTakingOver: agreed } };
}
