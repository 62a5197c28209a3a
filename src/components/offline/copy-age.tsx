'use client';
import { useTranslations } from 'next-intl';
import { useLocalTime } from '@/components/i18n/date-time';
import { useSyncExternalStore } from 'react';
import { useDevice } from './device-provider';

const NO_AGES = { subscribe: () => () => undefined, get: () => undefined };

/** "As of 14:02": how fresh the screen's data is, and whether it comes from the copy kept on the tablet. */
export function CopyAge({ copyKey }: { copyKey: string }) {
  const t = useTranslations('offline');
  const clock = useLocalTime();
  const ages = useDevice().copies?.ages ?? NO_AGES;
  const age = useSyncExternalStore(
    ages.subscribe,
    () => ages.get(copyKey),
    () => undefined,
  );
  if (!age) return null;
  const time = clock(new Date(age.savedAt), { style: 'clock' });
  return (
    <p className={`copy-age${age.fromCopy ? ' copy-age-offline' : ''}`} data-testid="copy-age" data-from-copy={age.fromCopy}>
      {age.fromCopy ? t('asOfOffline', { time }) : t('asOf', { time })}
    </p>
  );
}
