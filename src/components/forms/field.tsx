import type { InputHTMLAttributes } from 'react';
import type { FieldError } from './errors';
import { describedByOf, FieldErrorText, FieldFrame, FieldHint } from './field-frame';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  /** Form-unique prefix, so that two forms on one page never share ids. */
  idPrefix: string;
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
  error?: FieldError;
}

export function fieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name}`;
}

/**
 * A labelled input with its hint and error tied to it (aria-describedby, aria-invalid). Forms using it are
 * `method="post"`, so that a submit before hydration can never put a password into the URL.
 */
export function Field({ idPrefix, name, label, hint, optional, error, type = 'text', ...input }: FieldProps) {
  const id = fieldId(idPrefix, name);
  const isCheckbox = type === 'checkbox';
  const control = (
    <input
      {...input}
      id={id}
      name={name}
      type={type}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedByOf({ id, hint, error })}
      className={isCheckbox ? undefined : 'input'}
    />
  );
  if (!isCheckbox) {
    return (
      <FieldFrame id={id} label={label} hint={hint} optional={optional} error={error}>
        {control}
      </FieldFrame>
    );
  }
  // A checkbox sits inside its label.
  return (
    <div className={`field field-checkbox${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="checkbox-label">
        {control}
        <span>{label}</span>
      </label>
      <FieldHint id={id} hint={hint} />
      <FieldErrorText id={id} error={error} />
    </div>
  );
}
