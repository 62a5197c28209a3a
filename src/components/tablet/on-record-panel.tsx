'use client';
import { useTranslations } from 'next-intl';
import { InstructionList } from '@/components/legal/instruction-list';
import { CashOnDeliveryFacts, ImpedimentList } from '@/components/legal/legal-facts';
import { ReservationList } from '@/components/legal/reservation-list';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import '@/components/legal/legal.css';

/**
 * Issue 31 item 6: what is on record for this document, at every later step — the reservations of every stage
 * (taking over, between carriers, delivery, after delivery), the impediments, cash on delivery, and the instructions
 * with their answers — so the driver at the delivery sees what was reserved at the taking over.
 */
export function OnRecordPanel({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('legal.tablet');
  const hasReservations = (document.comments ?? []).some((comment) => comment.reservation);
  const hasInstructions = (document.instructions ?? []).length > 0;
  return (
    <section className="panel tablet-panel" aria-labelledby="on-record-title" data-testid="on-record">
      <h2 id="on-record-title">{t('onRecordTitle')}</h2>
      <h3>{t('reservationsOnRecord')}</h3>
      {hasReservations ? <ReservationList document={document} /> : <p className="hint">{t('noReservations')}</p>}
      <ImpedimentList document={document} />
      <CashOnDeliveryFacts document={document} />
      {hasInstructions ? (
        <>
          <h3>{t('instructionsOnRecord')}</h3>
          <InstructionList document={document} readOnly />
        </>
      ) : null}
    </section>
  );
}
