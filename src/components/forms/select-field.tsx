import type { SelectHTMLAttributes } from 'react';
import type { FieldError } from './errors';
import { fieldId } from './field';
import { describedByOf, FieldFrame } from './field-frame';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> {
  idPrefix: string;
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
  optional?: boolean;
  error?: FieldError;
}

/** A labelled select with its hint and error tied to it, like Field. */
export function SelectField({ idPrefix, name, label, options, hint, optional, error, ...select }: SelectFieldProps) {
  const id = fieldId(idPrefix, name);
  return (
    <FieldFrame id={id} label={label} hint={hint} optional={optional} error={error}>
      <select {...select} id={id} name={name} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedByOf({ id, hint, error })}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
