'use client';
import { useTranslations } from 'next-intl';
import { useEnumLabel } from '@/components/i18n/labels';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { CarrierActions } from './carrier-actions';
import { GiveInstructionForm } from './give-instruction-form';
import { InstructionList } from './instruction-list';
import { LateReservationForm } from './late-reservation-form';
import { CashOnDeliveryFacts, ImpedimentList, ReceiptLink } from './legal-facts';
import { useWhen } from './legal-bits';
import { ReplaceByPaper } from './replace-by-paper';
import { ReservationList } from './reservation-list';
import './legal.css';

/**
 * The CMR's legal events on the portal's document page (contract §14): reservations, instructions of the right of
 * disposal and their answers, impediments, cash on delivery, the sender's receipt and the replacement by paper.
 * What it offers comes from `allowedActions` alone: the rights are computed once, on the server.
 */
export function LegalEventsSection({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('legal');
  const label = useEnumLabel();
  const when = useWhen();
  if (document.status === 'DRAFT' || document.status === 'CANCELLED') return null;
  const allowed = (action: FreightDocumentResponse['allowedActions'][number]) => document.allowedActions.includes(action);
  // After the delivery only the consignee reserves, and only within the windows of art. 30 (RESERVE says it may).
  const lateReservation = allowed('RESERVE') && document.status === 'DELIVERED';
  return (
    <section className="panel legal-section" aria-labelledby="legal-title" data-testid="legal-events">
      <h2 id="legal-title">{t('title')}</h2>
      <p className="hint">{t('lead')}</p>
      {document.replacedByPaper ? (
        <p className="legal-warning" data-testid="replaced-by-paper">
          {t('replaced', { date: when(document.replacedByPaper.at), reason: document.replacedByPaper.reason })}
        </p>
      ) : null}

      <h3>{t('instructions.title')}</h3>
      <p>{t('rightOfDisposal', { role: label('role', document.rightOfDisposal.holderRole) })}</p>
      <InstructionList document={document} />
      {allowed('GIVE_INSTRUCTION') ? <GiveInstructionForm document={document} /> : null}

      <h3>{t('reservations.title')}</h3>
      <ReservationList document={document} />
      {lateReservation ? <LateReservationForm document={document} /> : null}

      <CarrierActions document={document} />
      <ImpedimentList document={document} />
      <CashOnDeliveryFacts document={document} />
      <ReceiptLink document={document} />
      {allowed('REPLACE_BY_PAPER') ? <ReplaceByPaper document={document} /> : null}
    </section>
  );
}
