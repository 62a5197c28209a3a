import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import type { FieldError } from '@/components/forms/errors';
import type { DocumentAction } from '@/lib/domain/document-actions';
import type { IssueQuoteView } from '@/lib/schemas/account';
import { IssueConfirmDialog } from '@/components/portal/issue-confirm-dialog';
import type { SummaryRow } from '@/components/portal/issue-summary';
import { IssueCost } from './issue-cost';

export interface DraftActionsPanelProps {
  freightDocumentId: string;
  serviceNumber: string;
  /** What the service says the caller may do now (contract §5): every button comes from here and nothing else. */
  allowedActions: readonly DocumentAction[];
  /** What issuing costs, as the service quotes it (explains a missing Issue button too). */
  quote: IssueQuoteView | undefined;
  issue: { pending: boolean; errors: FieldError[]; run: () => void };
  cancel: { pending: boolean; errors: FieldError[]; run: () => void; onOpen: () => void };
  /** What issuing fixes, shown in the confirmation before the document is issued. */
  summary?: readonly SummaryRow[];
}

/** The draft's actions as buttons: edit, issue (with its cost) and cancel (after confirmation). */
export function DraftActionsPanel({ freightDocumentId, serviceNumber, allowedActions, quote, issue, cancel, summary = [] }: DraftActionsPanelProps) {
  const t = useTranslations('documents.actions');
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const canUpdate = allowedActions.includes('UPDATE');
  const canIssue = allowedActions.includes('ISSUE');
  const canCancel = allowedActions.includes('CANCEL');

  return (
    <section className="panel actions-panel" aria-labelledby="actions-title">
      <h2 id="actions-title">{t('title')}</h2>
      <p>{t('intro')}</p>

      {canUpdate ? (
        <div className="action-block">
          <h3>{t('change')}</h3>
          <p>
            <Link className="button button-secondary" href={`/documents/${encodeURIComponent(freightDocumentId)}/edit`}>
              {t('edit')}
            </Link>
          </p>
        </div>
      ) : null}

      {canIssue || canUpdate ? (
        <div className="action-block">
          <h3 id="issue-title">{t('issue')}</h3>
          <ErrorSummary errors={issue.errors} idPrefix="issue" fields={[]} title={t('issueFailed')} />
          <p>
            {t('issueExplanation')} <IssueCost quote={quote} id="issue-cost" />
          </p>
          {canIssue ? (
            <button
              type="button"
              className="button button-primary"
              // Issuing fixes the content and may cost a credit: it asks first.
              onClick={() => setConfirming(true)}
              aria-haspopup="dialog"
              disabled={issue.pending}
              aria-busy={issue.pending || undefined}
              aria-describedby="issue-cost"
            >
              {issue.pending ? (
                <>
                  <span className="spinner" aria-hidden="true" />
                  {t('issuing')}
                </>
              ) : (
                t('issueButton')
              )}
            </button>
          ) : null}
          <IssueConfirmDialog
            open={confirming}
            pending={issue.pending}
            quote={quote}
            summary={summary}
            freightDocumentId={freightDocumentId}
            onConfirm={() => {
              setConfirming(false);
              issue.run();
            }}
            onClose={() => setConfirming(false)}
          />
        </div>
      ) : null}

      {canCancel ? (
        <>
          <div className="action-block">
            <h3>{t('cancel')}</h3>
            <p>{t('cancelExplanation')}</p>
            <button
              type="button"
              className="button button-danger"
              aria-haspopup="dialog"
              onClick={() => {
                cancel.onOpen();
                dialog.current?.showModal();
                // The safe answer first: Enter or Space on it keeps the draft.
                keep.current?.focus();
              }}
            >
              {t('cancelButton')}
            </button>
          </div>

          <dialog ref={dialog} className="dialog" aria-labelledby="cancel-dialog-title" aria-describedby="cancel-dialog-text">
            <h2 id="cancel-dialog-title">{t('cancelDialogTitle', { serviceNumber })}</h2>
            <ErrorSummary errors={cancel.errors} idPrefix="cancel" fields={[]} title={t('cancelFailed')} />
            <p id="cancel-dialog-text">{t('cancelDialogText')}</p>
            <div className="actions">
              <button type="button" ref={keep} className="button button-secondary" onClick={() => dialog.current?.close()} disabled={cancel.pending}>
                {t('keep')}
              </button>
              <button type="button" className="button button-danger" onClick={cancel.run} disabled={cancel.pending} aria-busy={cancel.pending || undefined}>
                {cancel.pending ? (
                  <>
                    <span className="spinner" aria-hidden="true" />
                    {t('cancelling')}
                  </>
                ) : (
                  t('confirmCancel')
                )}
              </button>
            </div>
          </dialog>
        </>
      ) : null}
    </section>
  );
}
