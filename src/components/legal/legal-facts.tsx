'use client';
import { useMoney } from '@/components/i18n/money';
import { useTranslations } from 'next-intl';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { actorName, useWhen } from './legal-bits';

/** The impediments the carrier side reported (CMR art. 14, 15), newest last. */
export function ImpedimentList({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('legal');
  const when = useWhen();
  const impediments = document.impediments ?? [];
  if (impediments.length === 0) return null;
  return (
    <>
      <h3>{t('impediments.title')}</h3>
      <ul className="legal-list" data-testid="impediments">
        {impediments.map((impediment) => (
          <li key={impediment.impedimentId} className="legal-item legal-item-pending">
            <p className="legal-item-title">
              <strong>{t(`impedimentKind.${impediment.kind}`)}</strong>
            </p>
            <p className="legal-text">{impediment.text}</p>
            {impediment.attachments.length ? <p className="hint">{t('reservations.photos', { count: impediment.attachments.length })}</p> : null}
            <p className="hint">{t('impediments.reportedBy', { name: actorName(impediment.reportedBy), time: when(impediment.createDateTimeServer) })}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Box 15 (CMR art. 21): what is to be collected, and what the carrier recorded. */
export function CashOnDeliveryFacts({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('legal.cash');
  const money = useMoney();
  const when = useWhen();
  if (!document.reimbursementAmount) return null;
  const cash = document.cashOnDelivery;
  return (
    <div data-testid="cash-on-delivery">
      <h3>{t('title')}</h3>
      <p>{t('due', { amount: money(document.reimbursementAmount, document.reimbursementCurrency) })}</p>
      <p className={cash ? 'legal-ok' : 'hint'}>
        {!cash
          ? t('notRecorded')
          : !cash.collected
            ? t('notCollected', { name: actorName(cash.recordedBy), time: when(cash.createDateTimeServer) })
            : cash.reference
              ? t('collected', {
                  amount: money(cash.amount, cash.currency),
                  reference: cash.reference,
                  name: actorName(cash.recordedBy),
                  time: when(cash.createDateTimeServer),
                })
              : t('collectedNoReference', {
                  amount: money(cash.amount, cash.currency),
                  name: actorName(cash.recordedBy),
                  time: when(cash.createDateTimeServer),
                })}
      </p>
    </div>
  );
}

/** The sender's receipt (Additional Protocol art. 6) once the goods were taken over: a PDF from the portal's route. */
export function ReceiptLink({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('legal.receipt');
  if (document.status !== 'TRANSIT' && document.status !== 'DELIVERED') return null;
  if (!document.ownPermissions.length) return null;
  return (
    <div>
      <h3>{t('title')}</h3>
      <p className="hint">{t('lead')}</p>
      <p className="actions">
        <a
          className="button button-secondary"
          href={`/documents/${encodeURIComponent(document.freightDocumentId)}/receipt`}
          download
          data-testid="download-receipt"
        >
          {t('download')}
        </a>
      </p>
    </div>
  );
}
