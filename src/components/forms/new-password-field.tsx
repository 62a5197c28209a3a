import type { FieldError } from './errors';
import { Field } from './field';

/** A new password (sign-up, change, reset): masked, offered to password managers as new, with the length rule. */
export function NewPasswordField(props: { idPrefix: string; name: string; label: string; hint: string; error?: FieldError }) {
  return <Field {...props} type="password" autoComplete="new-password" required />;
}
