'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/forms/confirm-dialog';
import { useRefusalText } from '@/components/offline/refusal-text';
import type { ReservationComment } from '@/components/legal/reservation-list';
import { reservationStillOpen } from '@/lib/domain/legal-events';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { isOpen, type OutboxEntry, type Submit } from '@/lib/tablet/outbox';

/**
 * Whether `accountId` may withdraw this reservation now (contract §14): its author (the account that wrote it, or the
 * role holder it was written for), still holding that role, and no counter-party approval or decline of its stage yet.
 * The service asks the same rule (`reservationStillOpen`) and stays the judge.
 */
export function mayWithdraw(document: FreightDocumentResponse, comment: ReservationComment, accountId: string | null | undefined): boolean {
  if (!accountId) return false;
  const byAuthor = comment.submittedBy.accountId === accountId || comment.account?.accountId === accountId;
  const holdsRole = document.ownPermissions.some((permission) => permission.roleId === comment.roleId);
  const reservation = { ...comment.reservation, roleId: comment.roleId, withdrawn: Boolean(comment.reservation.withdrawn) };
  return byAuthor && holdsRole && reservationStillOpen(document.approvals ?? [], reservation);
}

/** Whether this screen withdrew (or is withdrawing) the reservation: its line stays to say how that went. */
export function withdrawnHere(entries: readonly OutboxEntry[], commentId: string): boolean {
  return entries.some((entry) => entry.kind === 'withdrawReservation' && entry.body.commentId === commentId);
}

/**
 * The driver takes back a reservation it recorded (issue 31 item 5), after a confirmation that says what happens: it
 * stays in the history, marked withdrawn, and leaves the note's boxes and the counter party's acceptance. Sent through
 * the outbox like every write, so offline it is "saved on this tablet" until the server has it; a refusal shows here.
 */
export function WithdrawReservation(props: { document: FreightDocumentResponse; comment: ReservationComment; entries: OutboxEntry[]; submit: Submit }) {
  const { document, comment } = props;
  const t = useTranslations('legal');
  const refusal = useRefusalText();
  const [asking, setAsking] = useState(false);
  const mine = props.entries.filter((entry) => entry.kind === 'withdrawReservation' && entry.body.commentId === comment.commentId);
  const queued = mine.some(isOpen);
  const refused = mine.findLast((entry) => entry.state === 'failed');
  const buttonId = `withdraw-${comment.commentId}`;

  if (comment.reservation.withdrawn) {
    return (
      <p className="state-done" role="status" data-testid="withdraw-done">
        {t('withdraw.done')}
      </p>
    );
  }
  return (
    <div className="withdraw-reservation">
      <button id={buttonId} type="button" className="button button-secondary button-large" disabled={queued} onClick={() => setAsking(true)}>
        {t('withdraw.open')}
      </button>
      {queued ? (
        <p className="state-waiting queued-note" role="status" data-testid="withdraw-queued">
          {t('withdraw.queued')}
        </p>
      ) : refused ? (
        <p className="field-error" role="alert" data-testid="withdraw-refused">
          {refusal.why(refused)} {refusal.next(refused)}
        </p>
      ) : null}
      {asking ? (
        <ConfirmDialog
          id={`withdraw-dialog-${comment.commentId}`}
          title={t('withdraw.title')}
          text={t('withdraw.text', { kind: t(`reservationKind.${comment.reservation.kind}`), text: comment.text ?? '' })}
          errors={[]}
          errorsTitle={t('withdraw.errorsTitle')}
          keepLabel={t('withdraw.keep')}
          confirmLabel={t('withdraw.confirm')}
          pendingLabel={t('withdraw.pending')}
          pending={false}
          onClose={() => setAsking(false)}
          onConfirm={() => {
            props.submit('withdrawReservation', { commentId: comment.commentId, previousCommits: document.previousCommits });
            setAsking(false);
            // Back to the control that opened the dialog: its state line is where the driver looks next.
            window.setTimeout(() => globalThis.document.getElementById(buttonId)?.focus(), 0);
          }}
        />
      ) : null}
    </div>
  );
}
