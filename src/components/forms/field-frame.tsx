import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useErrorMessage, type FieldError } from './errors';

export interface FrameProps {
  id: string;
  label: string;
  hint?: string;
  optional?: boolean;
  error?: FieldError;
}

/** The ids a control must point at so that its hint and error are read with it. */
export function describedByOf({ id, hint, error }: Pick<FrameProps, 'id' | 'hint' | 'error'>): string | undefined {
  return [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
}

export function FieldHint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p id={`${id}-hint`} className="hint">
      {hint}
    </p>
  ) : null;
}

export function FieldErrorText({ id, error }: { id: string; error?: FieldError }) {
  const t = useTranslations('common');
  const messageFor = useErrorMessage();
  return error ? (
    <p id={`${id}-error`} className="field-error" data-code={error.code}>
      <span className="visually-hidden">{t('errorPrefix')} </span>
      {messageFor(error)}
    </p>
  ) : null;
}

/** Label, hint, the control and its error, in the order every field of the portal uses. */
export function FieldFrame({ id, label, hint, optional, error, children }: FrameProps & { children: ReactNode }) {
  const t = useTranslations('common');
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="optional"> {t('optional')}</span> : null}
      </label>
      <FieldHint id={id} hint={hint} />
      {children}
      <FieldErrorText id={id} error={error} />
    </div>
  );
}
