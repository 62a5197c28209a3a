import type { ReactNode } from 'react';
import type { FieldError } from './errors';
import { fieldId } from './field';
import { GroupErrors } from './group-errors';

interface FieldsetProps {
  idPrefix: string;
  /** The error path of the group (`consignor`, `structuredGoods[0]`); its id is the summary's link target. */
  path: string;
  legend: ReactNode;
  hint?: ReactNode;
  errors?: readonly FieldError[];
  className?: string;
  children: ReactNode;
}

/**
 * A group of inputs with a legend, its hint and the errors that belong to the group as a whole. It can take
 * focus (tabIndex -1) so that a link in the error summary can bring a keyboard user to it.
 */
export function Fieldset({ idPrefix, path, legend, hint, errors = [], className, children }: FieldsetProps) {
  const id = fieldId(idPrefix, path);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={['fieldset', errors.length > 0 ? 'fieldset-invalid' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <legend>{legend}</legend>
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      {errorId ? <GroupErrors id={errorId} errors={errors} /> : null}
      {children}
    </fieldset>
  );
}
