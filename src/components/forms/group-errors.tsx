import { useTranslations } from 'next-intl';
import { useErrorMessage, type FieldError } from './errors';

/**
 * Errors that belong to a group of inputs rather than one input (a fieldset: "at least one signing method",
 * "goods or structured goods"). The fieldset points at this list with aria-describedby.
 */
export function GroupErrors({ id, errors }: { id: string; errors: readonly FieldError[] }) {
  const t = useTranslations('common');
  const messageFor = useErrorMessage();
  if (errors.length === 0) return null;
  return (
    <div id={id} className="group-errors">
      {errors.map((error) => (
        <p key={`${error.code}|${error.field ?? ''}`} className="field-error" data-code={error.code}>
          <span className="visually-hidden">{t('errorPrefix')} </span>
          {messageFor(error)}
        </p>
      ))}
    </div>
  );
}
