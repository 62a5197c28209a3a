import type { TextareaHTMLAttributes } from 'react';
import { messageFor, type FieldError } from './errors';
import { fieldId } from './field';

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
      <textarea
        {...textarea}
        id={id}
        name={name}
        rows={rows}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      />
      {error ? (
        <p id={errorId} className="field-error" data-code={error.code}>
          <span className="visually-hidden">Error: </span>
          {messageFor(error)}
        </p>
      ) : null}
    </div>
  );
}
