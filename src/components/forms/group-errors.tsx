import { messageFor, type FieldError } from './errors';

/**
 * Errors that belong to a group of inputs rather than one input (a fieldset: "at least one signing method",
 * "goods or structured goods"). The fieldset points at this list with aria-describedby.
 */
export function GroupErrors({ id, errors }: { id: string; errors: readonly FieldError[] }) {
  if (errors.length === 0) return null;
  return (
    <div id={id} className="group-errors">
      {errors.map((error) => (
        <p key={`${error.code}|${error.field ?? ''}`} className="field-error" data-code={error.code}>
          <span className="visually-hidden">Error: </span>
          {messageFor(error)}
        </p>
      ))}
    </div>
  );
}
