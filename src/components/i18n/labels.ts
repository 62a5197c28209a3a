import { useTranslations } from 'next-intl';
import type { Messages } from 'use-intl';

type EnumGroup = keyof Messages['enums'];

/**
 * Words, not codes: the label of an enumeration value (`status` DRAFT → "Draft") in the reader's language.
 * A value the catalogue does not know (a newer API than this portal) is shown as it is.
 */
export function useEnumLabel(): (group: EnumGroup, value: unknown) => string {
  const t = useTranslations('enums');
  type Key = Parameters<typeof t.has>[0];
  return (group, value) => {
    if (typeof value !== 'string' || value === '') return '';
    const key = `${group}.${value}` as Key;
    return t.has(key) ? t(key) : value;
  };
}
