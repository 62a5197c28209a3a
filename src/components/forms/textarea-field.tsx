import type { TextareaHTMLAttributes } from 'react';
import type { FieldError } from './errors';
import { fieldId } from './field';
import { describedByOf, FieldFrame } from './field-frame';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> {
  idPrefix: string;
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
  error?: FieldError;
}

/** A labelled multi-line text input with its hint and error tied to it, like Field. */
export function TextAreaField({ idPrefix, name, label, hint, optional, error, rows = 3, ...textarea }: TextAreaFieldProps) {
  const id = fieldId(idPrefix, name);
  return (
    <FieldFrame id={id} label={label} hint={hint} optional={optional} error={error}>
      <textarea
        {...textarea}
        id={id}
        name={name}
        rows={rows}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf({ id, hint, error })}
      />
    </FieldFrame>
  );
}
