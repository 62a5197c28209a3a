'use client';
import { useTranslations } from 'next-intl';
import { useDevice } from '@/components/offline/device-provider';
import { isOpen } from '@/lib/tablet/outbox';
import type { ApprovalResponse, FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
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

/**
 * Who has approved: the carrier side and the counter party, in words (never by colour alone). An approval made on
 * this tablet and still in its outbox reads "waiting to send", not "not yet" (issue 21).
 */
export function ApprovalState({
  item,
  freightDocumentId,
}: {
  item: Pick<MyTransferItem, 'side' | 'carrierApproved' | 'counterPartyApproved' | 'action'>;
  freightDocumentId?: string;
}) {
  const t = useTranslations('tablet.list');
  const offline = useTranslations('offline');
  const { entries } = useDevice();
  const queued = (kind: 'approveOwn' | 'recordCounterParty') =>
    entries.some((entry) => isOpen(entry) && entry.freightDocumentId === freightDocumentId && entry.kind === kind && entry.body.action === item.action);
  const mine = item.side === 'RECEIVING' ? item.counterPartyApproved : item.carrierApproved;
  const theirs = item.side === 'RECEIVING' ? item.carrierApproved : item.counterPartyApproved;
  const mineWaiting = !mine && queued('approveOwn');
  const theirsWaiting = !theirs && queued('recordCounterParty');
  return (
    <span className="approval-state">
      <span className={mine ? 'state-done' : mineWaiting ? 'state-waiting' : 'state-open'} data-testid="approval-mine">
        {mine ? t('youApproved') : mineWaiting ? offline('youWaiting') : t('youPending')}
      </span>
      <span className={theirs ? 'state-done' : theirsWaiting ? 'state-waiting' : 'state-open'} data-testid="approval-theirs">
        {theirs ? t('theyApproved') : theirsWaiting ? offline('theyWaiting') : t('theyPending')}
      </span>
    </span>
  );
}

/**
 * The country of the place where a transfer happens: its times are that place's local time (decision 0027). None
 * between carriers (the document names no place for it): the reader's zone then.
 */
export function transferCountry(document: FreightDocumentResponse, action: ApprovalResponse['action'] | undefined): string | null {
  const place = action === 'COLLECTION' ? document.placeOfTakingOver : action === 'DELIVERY' ? document.placeOfDelivery : null;
  return place?.countryCode ?? null;
}
