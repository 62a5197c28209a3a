import type { InputHTMLAttributes } from 'react';
import { messageFor, type FieldError } from './errors';

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
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const isCheckbox = type === 'checkbox';
  const control = (
    <input
      {...input}
      id={id}
      name={name}
      type={type}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      className={isCheckbox ? undefined : 'input'}
    />
  );
  return (
    <div className={`field${isCheckbox ? ' field-checkbox' : ''}${error ? ' field-invalid' : ''}`}>
      {isCheckbox ? (
        <label htmlFor={id} className="checkbox-label">
          {control}
          <span>{label}</span>
        </label>
      ) : (
        <label htmlFor={id}>
          {label}
          {optional ? <span className="optional"> (optional)</span> : null}
        </label>
      )}
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      {isCheckbox ? null : control}
      {error ? (
        <p id={errorId} className="field-error" data-code={error.code}>
          <span className="visually-hidden">Error: </span>
          {messageFor(error)}
        </p>
      ) : null}
    </div>
  );
}
