'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useWhen } from './legal-bits';
import type { ReservationStage } from '@/lib/domain/legal-events';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';

type Comment = NonNullable<FreightDocumentResponse['comments']>[number];
export type ReservationComment = Comment & { reservation: NonNullable<Comment['reservation']> };

/** The names of the goods lines a reservation concerns (by `productId`), in the document's order. */
export function lineNames(document: Pick<FreightDocumentResponse, 'structuredGoods'>, productIds: readonly number[] | undefined): string[] {
  if (!productIds?.length) return [];
  return document.structuredGoods.filter((line) => line.productId !== undefined && productIds.includes(line.productId)).map((line) => line.name);
}

/**
 * The reservations on record (contract §14) of the given stages: kind, text, the goods lines, who wrote them and
 * when, and whether the counter party accepted them by its approval (CMR art. 8(2)) or an after-delivery one came
 * late. A withdrawn one stays, marked withdrawn (contract §14). Portal and tablet show them alike; `action` adds a
 * control under an entry (the tablet's Withdraw).
 */
export function ReservationList({
  document,
  stages,
  showStage = true,
  action,
}: {
  document: FreightDocumentResponse;
  stages?: readonly ReservationStage[];
  showStage?: boolean;
  action?: (comment: ReservationComment) => ReactNode;
}) {
  const t = useTranslations('legal');
  const when = useWhen();
  const reservations = (document.comments ?? []).filter(
    (comment): comment is ReservationComment => comment.reservation !== null && (!stages || stages.includes(comment.reservation.stage)),
  );
  if (reservations.length === 0) return <p className="hint">{t('reservations.none')}</p>;
  const approvals = document.approvals ?? [];
  return (
    <ul className="legal-list" data-testid="reservations">
      {reservations.map((comment) => {
        const acceptance = approvals.find((approval) => approval.acceptedReservations.includes(comment.commentId));
        const lines = lineNames(document, comment.reservation.goodsLines);
        const atHandOver = ['TAKING_OVER', 'CARRIER_TO_CARRIER', 'DELIVERY'].includes(comment.reservation.stage);
        const withdrawn = comment.reservation.withdrawn;
        return (
          <li
            key={comment.commentId}
            className={`legal-item${withdrawn ? ' legal-item-withdrawn' : ''}`}
            data-testid="reservation"
            data-withdrawn={withdrawn ? 'true' : undefined}
          >
            <p className="legal-item-title">
              <strong>{t(`reservationKind.${comment.reservation.kind}`)}</strong>
              {showStage ? <span className="hint"> · {t(`stage.${comment.reservation.stage}`)}</span> : null}
            </p>
            {comment.text ? <p className="legal-text">{comment.text}</p> : null}
            {lines.length ? <p className="hint">{t('reservations.lines', { lines: lines.join(', ') })}</p> : null}
            {comment.attachments.length ? <p className="hint">{t('reservations.photos', { count: comment.attachments.length })}</p> : null}
            <p className="hint">
              {t('reservations.by', {
                name: comment.creatorName ?? comment.creatorRole,
                time: when(comment.createDateTimeClient ?? comment.createDateTimeServer),
              })}
            </p>
            {withdrawn ? (
              <p className="legal-warning" data-testid="reservation-withdrawn">
                {t('reservations.withdrawnBy', { name: withdrawn.by.name ?? withdrawn.by.accountNumber ?? '—', time: when(withdrawn.at) })}
              </p>
            ) : acceptance ? (
              <p className="legal-ok" data-testid="reservation-accepted">
                {t('reservations.acceptedBy', {
                  name: acceptance.signedOnGlassBy?.name || acceptance.account?.name || acceptance.role,
                  time: when(acceptance.createDateTimeServer),
                })}
              </p>
            ) : atHandOver ? (
              <p className="hint">{t('reservations.notAccepted')}</p>
            ) : !comment.reservation.withinTimeLimit ? (
              <p className="legal-warning">{t('reservations.late')}</p>
            ) : null}
            {action?.(comment)}
          </li>
        );
      })}
    </ul>
  );
}
