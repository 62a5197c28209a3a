import { useTranslations } from 'next-intl';
import { useErrorMessage, type FieldError } from '@/components/forms/errors';

/**
 * Wording for the errors of the delegation and webhook forms: this area's own words where the general ones would
 * not say what to do here (4.40 names an account number or an e-mail, 4.15 a subscription limit), else the
 * general catalogue's.
 */
export function useDelegationError(): (error: FieldError) => string {
  const t = useTranslations('delegation.errors');
  const general = useErrorMessage();
  type Key = Parameters<typeof t.has>[0];
  return (error) => {
    const key = error.code.replace('.', '_') as Key;
    return t.has(key) ? t(key) : general(error);
  };
}
