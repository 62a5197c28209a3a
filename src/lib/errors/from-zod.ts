import type { z } from 'zod';
import { describeError, isErrorCode, type ErrorCode } from './catalogue';

export interface FieldError {
  code: ErrorCode;
  description: string;
  field?: string;
}

/**
 * Schemas name the specification's code of a check by using the code as the check's message
 * (`z.string().regex(PHONE, '3.14')`). Checks without one get the generic code of their kind.
 */
export function issueCode(issue: z.core.$ZodIssue): ErrorCode {
  if (isErrorCode(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? '3.1' : '3.17';
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') return issue.origin === 'string' ? '3.2' : '3.1';
      return '3.29';
    case 'too_big':
      return issue.origin === 'string' ? '3.2' : '3.9';
    case 'invalid_format':
      return issue.format === 'email' ? '3.4' : issue.format === 'regex' ? '3.6' : '3.17';
    case 'invalid_value':
    case 'invalid_union':
      return '3.9';
    default:
      return '3.17';
  }
}

/** `a.b[2].c` — the field path as client systems see it in the body. */
export function fieldPath(path: readonly PropertyKey[]): string | undefined {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || undefined;
}

export function zodIssuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of issues) {
    const code = issueCode(issue);
    const field = fieldPath(issue.path);
    const key = `${code}|${field ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ code, description: describeError(code), ...(field ? { field } : {}) });
  }
  return out;
}
