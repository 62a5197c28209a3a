import type { FieldError } from '@/components/forms/errors';
import { placeOf } from '@/lib/portal/document-form';

export interface PlacedErrors {
  /** The first error shown at an input. */
  at(path: string): FieldError | undefined;
  /** Every error shown at a group. */
  all(path: string): FieldError[];
  /** For the error summary: each error with the field it is shown at (none: listed without a link). */
  summary: FieldError[];
}

/** Puts each error at its input, or at the nearest group around it when the form has no input for its field. */
export function placeErrors(errors: readonly FieldError[], places: ReadonlySet<string>): PlacedErrors {
  const byPlace = new Map<string, FieldError[]>();
  const summary: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const place = placeOf(error.field, places);
    const key = `${error.code}|${place ?? ''}|${place ? '' : (error.field ?? '')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    summary.push(place ? { ...error, field: place } : { code: error.code, description: error.description });
    if (place) byPlace.set(place, [...(byPlace.get(place) ?? []), error]);
  }
  return { at: (path) => byPlace.get(path)?.[0], all: (path) => byPlace.get(path) ?? [], summary };
}
