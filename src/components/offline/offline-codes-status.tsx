'use client';
import { useTranslations } from 'next-intl';
import { useOfflineCodes } from '@/components/tablet/tablet-data';

/** The phone page says whether this device can give codes with no network (issue 21). */
export function OfflineCodesStatus() {
  const t = useTranslations('offline');
  const query = useOfflineCodes();
  if (query.isPending) return null;
  const kept = query.data?.kept === true;
  return (
    <p className={kept ? 'hint offline-codes-ready' : 'hint'} role="status" data-testid="offline-codes" data-ready={kept}>
      {kept ? t('respondOffline') : t('respondNotYet')}
    </p>
  );
}
