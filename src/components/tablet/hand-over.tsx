'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { errorsFromCall, useErrorMessage } from '@/components/forms/errors';
import { useEnumLabel } from '@/components/i18n/labels';
import { CopyAge } from '@/components/offline/copy-age';
import { copyKeys } from '@/lib/offline/device-store';
import { isOpen } from '@/lib/tablet/outbox';
import { ApprovalsPanel, type WatchedApproval } from './approvals-panel';
import { HandoverResult } from './handover-result';
import { CommentPanel } from './comment-panel';
import { HandOverSummary } from './hand-over-summary';
import { OutboxStatus } from './outbox-status';
import { PlatesPanel } from './plates-panel';
import { useHandOver, useOutbox } from './tablet-data';
import { NextStep } from './next-step';
import { transferCountry, TransferTitle } from './transfer-bits';
import { TransferTimeline } from './transfer-timeline';
import { PendingInstructionsPanel } from './pending-instructions-panel';
import { ReservationsStep } from './reservations-step';
import { CashOnDeliveryPanel } from './cash-on-delivery-panel';
import { ImpedimentPanel } from './impediment-panel';

/** A QR code is out: the transfer and approval type it waits for, the approvals already on record then, and until when. */
type Watch = { action: string; type: WatchedApproval; known: string[]; until: number; polling: boolean };

/**
 * The hand-over screen (issue 9 part 4, issue 19 item 1), read as steps: what is handed over → how the counter party
 * confirms → the result (full screen) → what comes next. Each step is one item of the list below, so a new step is
 * one line. Approvals come before plates and comments, as the task runs at the truck. Everything it shows and sends
 * goes through tablet-data.
 */
export function HandOver({ freightDocumentId }: { freightDocumentId: string }) {
  const t = useTranslations('tablet.handOver');
  const label = useEnumLabel();
  const messageFor = useErrorMessage();
  const [watch, setWatch] = useState<Watch>();
  // While a QR code is out, the screen asks every second, so the phone's answer shows within 2 s.
  const query = useHandOver(freightDocumentId, watch?.polling ? 1000 : undefined);
  const outbox = useOutbox(freightDocumentId);
  const [selected, setSelected] = useState(0);
  // An expired link can bring no answer: stop asking a little after it ran out.
  const until = watch?.until;
  useEffect(() => {
    if (until === undefined) return;
    const timer = window.setTimeout(() => setWatch((current) => current && { ...current, polling: false }), Math.max(0, until - Date.now()) + 5_000);
    return () => window.clearTimeout(timer);
  }, [until]);

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
  // The phone's answer: a counter-party approval of the watched transfer and type that was not on record when the code was shown.
  const answered = watch
    ? (document.approvals ?? []).find(
        (approval) =>
          approval.side === 'COUNTER_PARTY' && approval.type === watch.type && approval.action === watch.action && !watch.known.includes(approval.approvalId),
      )
    : undefined;
  if (answered) {
    // Done when no open transfer of that action still waits for the carrier side.
    const complete = !transfers.some((open) => open.action === answered.action && !open.carrierApproved);
    return (
      <HandoverResult
        approval={answered}
        status={document.status}
        complete={complete}
        countryCode={transferCountry(document, answered.action)}
        onClose={() => setWatch(undefined)}
      />
    );
  }
  const transfer = transfers[Math.min(selected, transfers.length - 1)];
  const myCarrierRole = document.ownPermissions.find((entry) => entry.role === 'CARRIER' || entry.role === 'SUBSEQUENT_CARRIER');
  const pendingComments = outbox.entries.flatMap((entry) =>
    entry.kind === 'comment' && isOpen(entry) ? [typeof entry.body.text === 'string' ? entry.body.text : ''] : [],
  );
  const comments = [...(document.comments ?? []).map((comment) => comment.text ?? ''), ...pendingComments];
  const known = (document.approvals ?? []).map((approval) => approval.approvalId);

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
            <ApprovalsPanel
              document={document}
              transfer={transfer}
              comments={comments}
              entries={outbox.entries}
              submit={outbox.submit}
              onWatch={({ type, until: end, polling = true }) => setWatch({ action: transfer.action, type, known, until: end, polling })}
            />
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
