import { useTranslations } from 'next-intl';
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldError } from '@/components/forms/errors';
import { useDelegationError } from './delegation-errors';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  hint?: string;
  error?: FieldError;
  children?: ReactNode;
}

/**
 * A labelled input laid out like the portal's other fields (forms/field-frame), with this area's error wording:
 * the hint and the error are tied to the input, and the error names what to do.
 */
export function TextField({ id, label, hint, error, children, ...input }: TextFieldProps) {
  const common = useTranslations('common');
  const messageFor = useDelegationError();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {children ?? <input {...input} id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} />}
      {error ? (
        <p id={`${id}-error`} className="field-error" data-code={error.code}>
          <span className="visually-hidden">{common('errorPrefix')} </span>
          {messageFor(error)}
        </p>
      ) : null}
    </div>
  );
}

/** Errors that belong to no field of the form, as one alert above it. */
export function FormErrors({ errors, title }: { errors: readonly FieldError[]; title: string }) {
  const messageFor = useDelegationError();
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" role="alert">
      <h3>{title}</h3>
      <ul>
        {errors.map((error) => (
          <li key={`${error.code}|${error.field ?? ''}`} data-code={error.code}>
            {messageFor(error)}
          </li>
        ))}
      </ul>
    </div>
  );
}
