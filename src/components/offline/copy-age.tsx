'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { copyAges } from '@/lib/offline/copy';

/** "As of 14:02": how fresh the screen's data is, and whether it comes from the copy kept on the tablet. */
export function CopyAge({ copyKey }: { copyKey: string }) {
  const t = useTranslations('offline');
  const format = useFormatter();
  const age = useSyncExternalStore(
    copyAges.subscribe,
    () => copyAges.get(copyKey),
    () => undefined,
  );
  if (!age) return null;
  const time = format.dateTime(new Date(age.savedAt), { hour: '2-digit', minute: '2-digit' });
  return (
    <p className={`copy-age${age.fromCopy ? ' copy-age-offline' : ''}`} data-testid="copy-age" data-from-copy={age.fromCopy}>
      {age.fromCopy ? t('asOfOffline', { time }) : t('asOf', { time })}
    </p>
  );
}
