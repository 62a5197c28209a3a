'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useErrorMessage, type FieldError } from './errors';
import { fieldId } from './field';

interface ErrorSummaryProps {
  errors: readonly FieldError[];
  idPrefix: string;
  /** Fields shown in this form; errors for other fields (or none) are listed without a link. */
  fields: readonly string[];
  /** Defaults to "There is a problem" in the reader's language. */
  title?: string;
}

/**
 * The list of problems above a form. It is an alert (read out when it appears) and takes focus, so that
 * keyboard and screen-reader users land on it; each entry links to its field.
 */
export function ErrorSummary({ errors, idPrefix, fields, title }: ErrorSummaryProps) {
  const t = useTranslations('errors');
  const messageFor = useErrorMessage();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
  }, [errors]);
  if (errors.length === 0) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1} aria-labelledby={`${idPrefix}-error-summary-title`}>
      <h2 id={`${idPrefix}-error-summary-title`}>{title ?? t('summaryTitle')}</h2>
      <ul>
        {errors.map((error) => {
          const key = `${error.code}|${error.field ?? ''}`;
          const target = error.field && fields.includes(error.field) ? fieldId(idPrefix, error.field) : undefined;
          return (
            <li key={key} data-code={error.code}>
              {target ? (
                <a
                  href={`#${target}`}
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(target)?.focus();
                  }}
                >
                  {messageFor(error)}
                </a>
              ) : (
                messageFor(error)
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
