'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { errorsFromCall, useErrorMessage } from '@/components/forms/errors';
import { useEnumLabel } from '@/components/i18n/labels';
import { CopyAge } from '@/components/offline/copy-age';
import { copyKeys } from '@/lib/offline/copy';
import type { HandoverLinkResponse } from '@/lib/schemas/handover';
import { ApprovalsPanel } from './approvals-panel';
import { HandoverResult } from './handover-result';
import { CommentPanel } from './comment-panel';
import { HandOverSummary } from './hand-over-summary';
import { OutboxStatus } from './outbox-status';
import { PlatesPanel } from './plates-panel';
import { useHandOver, useOutbox } from './tablet-data';
import { ApprovalState, PlaceText, TransferTitle } from './transfer-bits';
import { TransferTimeline } from './transfer-timeline';

/**
 * The hand-over screen (issue 9 part 4): what is handed over, the plates, a comment with a photo, the approvals
 * of the driver and the counter party, and the timeline. Everything it shows and sends goes through tablet-data.
 */
export function HandOver({ freightDocumentId }: { freightDocumentId: string }) {
  const t = useTranslations('tablet.handOver');
  const label = useEnumLabel();
  const messageFor = useErrorMessage();
  /** A hand-over link is out: the transfer it is for, the approvals already on record then, and when it runs out. */
  const [watch, setWatch] = useState<{ action: string; known: string[]; until: number; polling: boolean }>();
  // While a hand-over link is out, the screen asks every second, so the phone's answer shows within 2 s.
  const query = useHandOver(freightDocumentId, watch?.polling ? 1000 : undefined);
  const outbox = useOutbox(freightDocumentId);
  const [selected, setSelected] = useState(0);
  const watchLink = (link: HandoverLinkResponse, action: string, known: string[]) =>
    setWatch({ action, known, until: Date.parse(link.expiresAt), polling: true });
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
  // The phone's answer: a sign-on-glass approval of the watched transfer that was not on record when the link was made.
  const answered = watch
    ? (document.approvals ?? []).find(
        (approval) => approval.type === 'SIGN_ON_GLASS' && approval.action === watch.action && !watch.known.includes(approval.approvalId),
      )
    : undefined;
  if (answered) {
    return (
      <HandoverResult
        approval={answered}
        status={document.status}
        onClose={() => {
          setWatch(undefined);
        }}
      />
    );
  }
  const transfer = transfers[Math.min(selected, transfers.length - 1)];
  const myCarrierRole = document.ownPermissions.find((entry) => entry.role === 'CARRIER' || entry.role === 'SUBSEQUENT_CARRIER');
  const pendingComments = outbox.entries
    .filter((entry) => entry.kind === 'comment' && (entry.state === 'waiting' || entry.state === 'sending'))
    .map((entry) => (typeof entry.body.text === 'string' ? entry.body.text : ''));
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
      <OutboxStatus entries={outbox.entries} onDismiss={outbox.dismiss} onRetry={outbox.retryNow} />

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

      {transfer ? (
        <div className="hand-over-facts panel tablet-panel">
          <p>
            <strong>{t('place')}</strong> <PlaceText place={transfer.place} />
          </p>
          <p>
            <strong>{t('approvals')}</strong> <ApprovalState item={transfer} freightDocumentId={document.freightDocumentId} />
          </p>
        </div>
      ) : (
        <p className="panel tablet-empty" data-testid="nothing-open">
          {t('nothingOpen')}
        </p>
      )}

      <HandOverSummary document={document} />
      {document.allowedActions.includes('EDIT_LICENSE_PLATES') && myCarrierRole ? (
        <PlatesPanel
          document={document}
          roleId={transfer?.myRoleId ?? myCarrierRole.roleId}
          entries={outbox.entries}
          submit={(body) => outbox.submit('licensePlates', body)}
        />
      ) : null}
      {document.allowedActions.includes('COMMENT') ? (
        <CommentPanel previousCommits={document.previousCommits} entries={outbox.entries} submit={(body) => outbox.submit('comment', body)} />
      ) : null}
      {/* After the comment: a comment made at the hand-over is part of what the counter party approves (the TFA codes cover it). */}
      {transfer ? (
        <ApprovalsPanel
          document={document}
          transfer={transfer}
          comments={comments}
          entries={outbox.entries}
          submit={outbox.submit}
          onHandoverLink={(link) =>
            watchLink(
              link,
              transfer.action,
              (document.approvals ?? []).map((approval) => approval.approvalId),
            )
          }
        />
      ) : null}
      <TransferTimeline document={document} />
    </>
  );
}
