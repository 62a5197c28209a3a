import { useFormatter, useTranslations } from 'next-intl';
import { sizeInUnit } from '@/lib/portal/format';

/** File sizes in the reader's language: "1.5 MB", "1,5 MB", "1,5 Mo", "512 bytes". */
export function useFormatBytes(): (bytes: number) => string {
  const t = useTranslations('common.size');
  const format = useFormatter();
  return (bytes) => {
    const { unit, value } = sizeInUnit(bytes);
    return unit === 'bytes' ? t('bytes', { count: value }) : t(unit, { value: format.number(value, 'size') });
  };
}
