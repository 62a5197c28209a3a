'use client';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { CashOnDeliveryPanel } from '@/components/tablet/cash-on-delivery-panel';
import { ImpedimentPanel } from '@/components/tablet/impediment-panel';
import { ReservationsStep } from '@/components/tablet/reservations-step';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { useTRPC } from '@/lib/trpc/client';
import { LegalErrors } from './legal-bits';
import { useDirectSubmit } from './use-direct-submit';

const CARRIER_ACTIONS = ['RESERVE', 'REPORT_IMPEDIMENT', 'RECORD_CASH_ON_DELIVERY'] as const;

/**
 * What the carrier side records in the portal as its drivers do on the tablet (issue 34 item 2, contract §14):
 * reservations at taking over and delivery, an impediment and cash on delivery, with the tablet's own panels over a
 * direct `Submit`. The transfers come from the tablet's hand-over read, so both screens judge a stage alike; whether a
 * control shows is `allowedActions`' answer. Answering instructions is the instruction list's (both screens).
 */
export function CarrierActions({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('legal');
  const trpc = useTRPC();
  const carrierSide = document.ownPermissions.some((permission) => permission.role === 'CARRIER' || permission.role === 'SUBSEQUENT_CARRIER');
  const active = carrierSide && CARRIER_ACTIONS.some((action) => document.allowedActions.includes(action));
  const handOver = useQuery({ ...trpc.tablet.handOver.queryOptions({ freightDocumentId: document.freightDocumentId }), enabled: active });
  const { entries, submit, refusals } = useDirectSubmit(document);
  if (!active) return null;
  const transfers = handOver.data?.transfers ?? [];
  const delivery = transfers.find((transfer) => transfer.action === 'DELIVERY');
  return (
    <div className="carrier-actions" data-testid="carrier-actions">
      <h3>{t('carrierActions')}</h3>
      <LegalErrors errors={refusals} testId="carrier-action-refused" />
      {transfers.map((transfer) => (
        <ReservationsStep key={`${transfer.action}-${transfer.myRoleId}`} document={document} transfer={transfer} entries={entries} submit={submit} />
      ))}
      {delivery ? <CashOnDeliveryPanel document={document} transfer={delivery} entries={entries} submit={submit} /> : null}
      <ImpedimentPanel document={document} entries={entries} submit={submit} />
    </div>
  );
}
