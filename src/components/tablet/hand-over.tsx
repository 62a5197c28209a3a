'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { errorsFromCall, useErrorMessage } from '@/components/forms/errors';
import { useEnumLabel } from '@/components/i18n/labels';
import { CopyAge } from '@/components/offline/copy-age';
import { copyKeys } from '@/lib/offline/device-store';
import { isOpen } from '@/lib/tablet/outbox';
import { handOverOutcome } from '@/lib/tablet/hand-over-outcome';
import { ApprovalsPanel } from './approvals-panel';
import { HandoverResult } from './handover-result';
import { CommentPanel } from './comment-panel';
import { HandOverSummary } from './hand-over-summary';
import { OutboxStatus } from './outbox-status';
import { PlatesPanel } from './plates-panel';
import { useHandOver, useHandOverWatch, useOutbox } from './tablet-data';
import { NextStep } from './next-step';
import { transferCountry, TransferTitle } from './transfer-bits';
import { TransferTimeline } from './transfer-timeline';
import { PendingInstructionsPanel } from './pending-instructions-panel';
import { ReservationsStep } from './reservations-step';
import { CashOnDeliveryPanel } from './cash-on-delivery-panel';
import { ImpedimentPanel } from './impediment-panel';
import { AuthorityLink } from '@/components/efti/authority-link';
import { OnRecordPanel } from './on-record-panel';

/**
 * The hand-over screen (issue 9 part 4, issue 19 item 1), read as steps: what is handed over → how the counter party
 * confirms → the result (full screen) → what comes next. Each step is one item of the list below, so a new step is
 * one line. Approvals come before plates and comments, as the task runs at the truck. Everything it shows and sends
 * goes through tablet-data. While open it watches the document (issue 31 item 3): a counter party's approval, however
 * given, and a transfer completed by the driver's own approval show full screen within seconds, without a reload.
 */
export function HandOver({ freightDocumentId }: { freightDocumentId: string }) {
  const t = useTranslations('tablet.handOver');
  const legal = useTranslations('legal');
  const label = useEnumLabel();
  const messageFor = useErrorMessage();
  const query = useHandOver(freightDocumentId);
  useHandOverWatch(freightDocumentId, query.data?.document.previousCommits);
  const outbox = useOutbox(freightDocumentId, query.data?.document.serviceNumber);
  const [selected, setSelected] = useState(0);
  // The approvals on record when the screen first showed the document, and those whose result the driver closed.
  const [seen, setSeen] = useState<ReadonlySet<string>>();
  const approvalIds = (query.data?.document.approvals ?? []).map((approval) => approval.approvalId);
  if (query.data && !seen) setSeen(new Set(approvalIds));

  if (query.isPending) {
    return (
      <>
        <h1>{t('title')}</h1>
        <p role="status" className="loading">
          <span className="spinner" aria-hidden="true" /> {t('loading')}
        </p>
      </>
    );
  }
  if (query.isError) {
    const [error] = errorsFromCall(query.error);
    return (
      <>
        <h1>{t('title')}</h1>
        <div className="error-summary" role="alert">
          <h2>{error?.code === '4.47' ? t('notFound') : t('loadFailed')}</h2>
          {error && error.code !== '4.47' ? <p>{messageFor(error)}</p> : null}
        </div>
        <p>
          <Link href="/tablet">{t('back')}</Link>
        </p>
      </>
    );
  }

  const { document, transfers } = query.data;
  const outcome = seen ? handOverOutcome(seen, document.approvals ?? []) : undefined;
  if (outcome) {
    // Contract §14: the reservations the approval accepted (with the signer's name when recorded for them on the
    // hand-over page) and what it did not accept because its screen never showed it, named as the list names them.
    const named = (ids: readonly string[] | undefined, withSigner: boolean) =>
      (ids ?? []).flatMap((id) => {
        const comment = document.comments?.find((candidate) => candidate.commentId === id);
        if (!comment?.reservation) return [];
        const signer = withSigner && comment.reservation.recordedFor ? ` (${comment.reservation.recordedFor.name})` : '';
        return [`${legal(`reservationKind.${comment.reservation.kind}`)}${comment.text ? `${withSigner ? ' –' : ':'} ${comment.text}` : ''}${signer}`];
      });
    return (
      <HandoverResult
        approval={outcome.counterParty}
        at={outcome.at}
        serviceNumber={document.serviceNumber}
        status={document.status}
        complete={outcome.complete}
        countryCode={transferCountry(document, outcome.action)}
        accepted={named(outcome.counterParty.acceptedReservations, true)}
        unseen={named(outcome.counterParty.unseenReservations, false)}
        onClose={() => setSeen(new Set(approvalIds))}
      />
    );
  }
  const transfer = transfers[Math.min(selected, transfers.length - 1)];
  const myCarrierRole = document.ownPermissions.find((entry) => entry.role === 'CARRIER' || entry.role === 'SUBSEQUENT_CARRIER');
  const pendingComments = outbox.entries.flatMap((entry) =>
    entry.kind === 'comment' && isOpen(entry) ? [typeof entry.body.text === 'string' ? entry.body.text : ''] : [],
  );
  const comments = [...(document.comments ?? []).map((comment) => comment.text ?? ''), ...pendingComments];

  return (
    <>
      <p className="back-link">
        <Link href="/tablet">{t('back')}</Link>
      </p>
      <h1>
        {transfer ? (
          <TransferTitle action={transfer.action} side={transfer.side} serviceNumber={document.serviceNumber} />
        ) : (
          t('documentTitle', { serviceNumber: document.serviceNumber })
        )}
      </h1>
      <p className="status-line">
        {t('status')}{' '}
        <span className={`badge badge-${document.status.toLowerCase()}`} data-testid="document-status">
          {label('status', document.status)}
        </span>
      </p>
      <CopyAge copyKey={copyKeys.handOver(freightDocumentId)} />
      {document.efti ? <AuthorityLink freightDocumentId={freightDocumentId} /> : null}
      <OutboxStatus entries={outbox.entries} onDismiss={outbox.dismiss} onRetry={outbox.retryNow} />
      <PendingInstructionsPanel document={document} />

      {transfers.length > 1 ? (
        <nav aria-label={t('chooseTransfer')} className="transfer-choice">
          {transfers.map((candidate, index) => (
            <button
              key={`${candidate.action}-${candidate.toRoleId ?? ''}-${candidate.side}`}
              type="button"
              className={`button button-large ${index === selected ? 'button-primary' : 'button-secondary'}`}
              aria-pressed={index === selected}
              onClick={() => setSelected(index)}
            >
              <TransferTitle action={candidate.action} side={candidate.side} serviceNumber={document.serviceNumber} />
            </button>
          ))}
        </nav>
      ) : null}

      <ol className="hand-over-steps" aria-label={t('steps')}>
        <li>
          <HandOverSummary document={document} transfer={transfer} />
        </li>
        <li>
          <OnRecordPanel document={document} />
        </li>
        {transfer ? (
          <li>
            <ReservationsStep document={document} transfer={transfer} entries={outbox.entries} submit={outbox.submit} />
          </li>
        ) : null}
        {transfer ? (
          <li>
            <CashOnDeliveryPanel document={document} transfer={transfer} entries={outbox.entries} submit={outbox.submit} />
          </li>
        ) : null}
        {transfer ? (
          <li>
            <ApprovalsPanel document={document} transfer={transfer} comments={comments} entries={outbox.entries} submit={outbox.submit} />
          </li>
        ) : (
          <li>
            <p className="panel tablet-empty" data-testid="nothing-open">
              {t('nothingOpen')}
            </p>
          </li>
        )}
        {document.allowedActions.includes('EDIT_LICENSE_PLATES') && myCarrierRole ? (
          <li>
            <PlatesPanel
              document={document}
              roleId={transfer?.myRoleId ?? myCarrierRole.roleId}
              entries={outbox.entries}
              submit={(body) => outbox.submit('licensePlates', body)}
            />
          </li>
        ) : null}
        {document.allowedActions.includes('COMMENT') ? (
          <li>
            {/* A comment still goes into the TFA challenge while the code is open (ApprovalsPanel gets the outbox's comments). */}
            <CommentPanel previousCommits={document.previousCommits} entries={outbox.entries} submit={(body) => outbox.submit('comment', body)} />
          </li>
        ) : null}
        <li>
          <ImpedimentPanel document={document} entries={outbox.entries} submit={outbox.submit} />
        </li>
        <li>
          <NextStep document={document} transfer={transfer} />
        </li>
        <li>
          <TransferTimeline document={document} />
        </li>
      </ol>
    </>
  );
}
