'use client';
import { useTranslations } from 'next-intl';
import { DateTime } from '@/components/i18n/date-time';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { HandOverTransfer } from '@/lib/schemas/tablet';
import { deliveryPlaceOf } from '@/lib/handover/facts';

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The last step of the hand-over (issue 19 item 1): what happens once both sides have approved, so that a driver knows
 * where the cargo goes next (the delivery's place and time after a collection) or that nothing more is needed.
 */
export function NextStep({ document, transfer }: { document: FreightDocumentResponse; transfer?: HandOverTransfer }) {
  const t = useTranslations('tablet.next');
  // Where the cargo goes now: the new consignee after an accepted change (issue 31 item 7).
  const delivery = deliveryPlaceOf(document) as Json | null;
  const due = document.estimatedDateTimeOfDelivery ?? document.agreedDateTimeOfDelivery;
  return (
    <section className="panel tablet-panel" aria-labelledby="next-title" data-testid="next-step">
      <h2 id="next-title">{t('title')}</h2>
      {!transfer ? (
        <p>{t('none')}</p>
      ) : transfer.action === 'COLLECTION' ? (
        <p>
          {t('COLLECTION', { place: [text(delivery?.name), text(delivery?.cityName)].filter(Boolean).join(', ') || '—' })}
          {typeof due === 'string' && due ? (
            <>
              {' '}
              <DateTime value={due} countryCode={text(delivery?.countryCode) || null} />
            </>
          ) : null}
        </p>
      ) : (
        <p>{t(transfer.action)}</p>
      )}
    </section>
  );
}
