'use client';
import { useTranslations } from 'next-intl';
import type { MyTransferItem } from '@/lib/schemas/tablet';

/** "Collection · 000000000123": the transfer as the driver names it, from its side. */
export function TransferTitle({ action, side, serviceNumber }: Pick<MyTransferItem, 'action' | 'side' | 'serviceNumber'>) {
  const t = useTranslations('tablet.action');
  const key = side === 'RECEIVING' ? 'RECEIVING' : action;
  return <>{t('title', { action: t(key), serviceNumber })}</>;
}

export function PlaceText({ place }: { place: MyTransferItem['place'] }) {
  if (!place) return <>—</>;
  const where = [place.cityName, place.countryCode].filter(Boolean).join(', ');
  return (
    <>
      {place.name ?? ''}
      {where ? <span className="hint-inline"> {where}</span> : null}
    </>
  );
}

/** Who has approved: the carrier side and the counter party, in words (never by colour alone). */
export function ApprovalState({ item }: { item: Pick<MyTransferItem, 'side' | 'carrierApproved' | 'counterPartyApproved'> }) {
  const t = useTranslations('tablet.list');
  const mine = item.side === 'RECEIVING' ? item.counterPartyApproved : item.carrierApproved;
  const theirs = item.side === 'RECEIVING' ? item.carrierApproved : item.counterPartyApproved;
  return (
    <span className="approval-state">
      <span className={mine ? 'state-done' : 'state-open'}>{mine ? t('youApproved') : t('youPending')}</span>
      <span className={theirs ? 'state-done' : 'state-open'}>{theirs ? t('theyApproved') : t('theyPending')}</span>
    </span>
  );
}
