'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import { useTRPC } from '@/lib/trpc/client';
import type { DocumentAction } from '@/lib/domain/document-actions';
import { IssueCost } from './issue-cost';

interface DocumentActionsProps {
  freightDocumentId: string;
  serviceNumber: string;
  /** What the service says the caller may do now (contract §5); the panel has no rule of its own. */
  allowedActions: readonly DocumentAction[];
  /** Called after the document was issued, to say so on the page. */
  onIssued: () => void;
}

/** The actions on a draft the service allows: edit it, issue it (with what it costs), or cancel it. */
export function DocumentActions({ freightDocumentId, serviceNumber, allowedActions, onIssued }: DocumentActionsProps) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const canUpdate = allowedActions.includes('UPDATE');
  const canIssue = allowedActions.includes('ISSUE');
  const canCancel = allowedActions.includes('CANCEL');
  // The quote explains the cost, and why issuing is not offered when the service leaves ISSUE out for credits.
  const quote = useQuery({ ...trpc.documents.issueQuote.queryOptions(), enabled: canIssue || canUpdate });
  const issue = useMutation(trpc.documents.issue.mutationOptions());
  const cancel = useMutation(trpc.documents.cancel.mutationOptions());
  const [issueErrors, setIssueErrors] = useState<FieldError[]>([]);
  const [cancelErrors, setCancelErrors] = useState<FieldError[]>([]);
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);

  function onIssue() {
    if (issue.isPending || !canIssue) return;
    setIssueErrors([]);
    issue.mutate(
      { freightDocumentId },
      {
        onSuccess: async (document) => {
          queryClient.setQueryData(trpc.documents.get.queryKey({ freightDocumentId }), document);
          onIssued();
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: trpc.documents.list.pathKey() }),
            queryClient.invalidateQueries({ queryKey: trpc.documents.issueQuote.queryKey() }),
          ]);
        },
        onError: (error) => setIssueErrors(errorsFromCall(error)),
      },
    );
  }

  function onCancel() {
    if (cancel.isPending) return;
    setCancelErrors([]);
    cancel.mutate(
      { freightDocumentId },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries({ queryKey: trpc.documents.pathKey() });
          dialog.current?.close();
          router.push(`/documents?cancelled=${encodeURIComponent(serviceNumber)}`);
        },
        onError: (error) => setCancelErrors(errorsFromCall(error)),
      },
    );
  }

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
          <ErrorSummary errors={issueErrors} idPrefix="issue" fields={[]} title="The document could not be issued" />
          <p>
            Issuing fixes the content legally. <IssueCost quote={quote.data} id="issue-cost" />
          </p>
          {canIssue ? (
            <button
              type="button"
              className="button button-primary"
              onClick={onIssue}
              disabled={issue.isPending}
              aria-busy={issue.isPending || undefined}
              aria-describedby="issue-cost"
            >
              {issue.isPending ? (
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
        <div className="action-block">
          <h3>Cancel</h3>
          <p>A cancelled document disappears for everyone who holds a role in it. This cannot be undone.</p>
          <button
            type="button"
            className="button button-danger"
            aria-haspopup="dialog"
            onClick={() => {
              setCancelErrors([]);
              dialog.current?.showModal();
              // The safe answer first: Enter or Space on it keeps the draft.
              keep.current?.focus();
            }}
          >
            Cancel draft…
          </button>
        </div>
      ) : null}

      <dialog ref={dialog} className="dialog" aria-labelledby="cancel-dialog-title" aria-describedby="cancel-dialog-text">
        <h2 id="cancel-dialog-title">Cancel draft {serviceNumber}?</h2>
        <ErrorSummary errors={cancelErrors} idPrefix="cancel" fields={[]} title="The draft could not be cancelled" />
        <p id="cancel-dialog-text">The document disappears for everyone who holds a role in it, and cannot be restored.</p>
        <div className="actions">
          <button type="button" ref={keep} className="button button-secondary" onClick={() => dialog.current?.close()} disabled={cancel.isPending}>
            No, keep the draft
          </button>
          <button type="button" className="button button-danger" onClick={onCancel} disabled={cancel.isPending} aria-busy={cancel.isPending || undefined}>
            {cancel.isPending ? (
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
    </section>
  );
}
