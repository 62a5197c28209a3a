import Link from 'next/link';
import { useRef } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import type { FieldError } from '@/components/forms/errors';
import type { DocumentAction } from '@/lib/domain/document-actions';
import type { IssueQuoteView } from '@/lib/schemas/account';
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
}

/** The draft's actions as buttons: edit, issue (with its cost) and cancel (after confirmation). */
export function DraftActionsPanel({ freightDocumentId, serviceNumber, allowedActions, quote, issue, cancel }: DraftActionsPanelProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const canUpdate = allowedActions.includes('UPDATE');
  const canIssue = allowedActions.includes('ISSUE');
  const canCancel = allowedActions.includes('CANCEL');

  return (
    <section className="panel actions-panel" aria-labelledby="actions-title">
      <h2 id="actions-title">This draft</h2>
      <p>You submitted this document. While it is a draft you can change it, issue it or cancel it.</p>

      {canUpdate ? (
        <div className="action-block">
          <h3>Change</h3>
          <p>
            <Link className="button button-secondary" href={`/documents/${encodeURIComponent(freightDocumentId)}/edit`}>
              Edit draft
            </Link>
          </p>
        </div>
      ) : null}

      {canIssue || canUpdate ? (
        <div className="action-block">
          <h3 id="issue-title">Issue</h3>
          <ErrorSummary errors={issue.errors} idPrefix="issue" fields={[]} title="The document could not be issued" />
          <p>
            Issuing fixes the content legally. <IssueCost quote={quote} id="issue-cost" />
          </p>
          {canIssue ? (
            <button
              type="button"
              className="button button-primary"
              onClick={issue.run}
              disabled={issue.pending}
              aria-busy={issue.pending || undefined}
              aria-describedby="issue-cost"
            >
              {issue.pending ? (
                <>
                  <span className="spinner" aria-hidden="true" />
                  Issuing…
                </>
              ) : (
                'Issue document'
              )}
            </button>
          ) : null}
        </div>
      ) : null}

      {canCancel ? (
        <>
          <div className="action-block">
            <h3>Cancel</h3>
            <p>A cancelled document disappears for everyone who holds a role in it. This cannot be undone.</p>
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
              Cancel draft…
            </button>
          </div>

          <dialog ref={dialog} className="dialog" aria-labelledby="cancel-dialog-title" aria-describedby="cancel-dialog-text">
            <h2 id="cancel-dialog-title">Cancel draft {serviceNumber}?</h2>
            <ErrorSummary errors={cancel.errors} idPrefix="cancel" fields={[]} title="The draft could not be cancelled" />
            <p id="cancel-dialog-text">The document disappears for everyone who holds a role in it, and cannot be restored.</p>
            <div className="actions">
              <button type="button" ref={keep} className="button button-secondary" onClick={() => dialog.current?.close()} disabled={cancel.pending}>
                No, keep the draft
              </button>
              <button type="button" className="button button-danger" onClick={cancel.run} disabled={cancel.pending} aria-busy={cancel.pending || undefined}>
                {cancel.pending ? (
                  <>
                    <span className="spinner" aria-hidden="true" />
                    Cancelling…
                  </>
                ) : (
                  'Yes, cancel the draft'
                )}
              </button>
            </div>
          </dialog>
        </>
      ) : null}
    </section>
  );
}
