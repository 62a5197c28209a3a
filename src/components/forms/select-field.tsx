import type { SelectHTMLAttributes } from 'react';
import { messageFor, type FieldError } from './errors';
import { fieldId } from './field';

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
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="optional"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      <select
        {...select}
        id={id}
        name={name}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="field-error" data-code={error.code}>
          <span className="visually-hidden">Error: </span>
          {messageFor(error)}
        </p>
      ) : null}
    </div>
  );
}
