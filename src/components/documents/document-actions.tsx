'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import { useTRPC } from '@/lib/trpc/client';
import { IssueCost, cannotIssue } from './issue-cost';

interface DocumentActionsProps {
  freightDocumentId: string;
  serviceNumber: string;
  /** Called after the document was issued, to say so on the page. */
  onIssued: () => void;
}

/** What the submitter of a DRAFT can do: edit it, issue it (with what it costs), or cancel it. */
export function DocumentActions({ freightDocumentId, serviceNumber, onIssued }: DocumentActionsProps) {
  const t = useTranslations('documents.actions');
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.account.me.queryOptions());
  const issue = useMutation(trpc.documents.issue.mutationOptions());
  const cancel = useMutation(trpc.documents.cancel.mutationOptions());
  const [issueErrors, setIssueErrors] = useState<FieldError[]>([]);
  const [cancelErrors, setCancelErrors] = useState<FieldError[]>([]);
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const account = me.data;
  const blocked = cannotIssue(account);

  function onIssue() {
    if (issue.isPending || blocked) return;
    setIssueErrors([]);
    issue.mutate(
      { freightDocumentId },
      {
        onSuccess: async (document) => {
          queryClient.setQueryData(trpc.documents.get.queryKey({ freightDocumentId }), document);
          onIssued();
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: trpc.documents.list.pathKey() }),
            queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() }),
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
      <h2 id="actions-title">{t('title')}</h2>
      <p>{t('intro')}</p>

      <div className="action-block">
        <h3>{t('change')}</h3>
        <p>
          <Link className="button button-secondary" href={`/documents/${encodeURIComponent(freightDocumentId)}/edit`}>
            {t('edit')}
          </Link>
        </p>
      </div>

      <div className="action-block">
        <h3 id="issue-title">{t('issue')}</h3>
        <ErrorSummary errors={issueErrors} idPrefix="issue" fields={[]} title={t('issueFailed')} />
        <p>
          {t('issueExplanation')} <IssueCost account={account} id="issue-cost" />
        </p>
        <button
          type="button"
          className="button button-primary"
          onClick={onIssue}
          disabled={issue.isPending || blocked || !account}
          aria-busy={issue.isPending || undefined}
          aria-describedby="issue-cost"
        >
          {issue.isPending ? (
            <>
              <span className="spinner" aria-hidden="true" />
              {t('issuing')}
            </>
          ) : (
            t('issueButton')
          )}
        </button>
      </div>

      <div className="action-block">
        <h3>{t('cancel')}</h3>
        <p>{t('cancelExplanation')}</p>
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
          {t('cancelButton')}
        </button>
      </div>

      <dialog ref={dialog} className="dialog" aria-labelledby="cancel-dialog-title" aria-describedby="cancel-dialog-text">
        <h2 id="cancel-dialog-title">{t('cancelDialogTitle', { serviceNumber })}</h2>
        <ErrorSummary errors={cancelErrors} idPrefix="cancel" fields={[]} title={t('cancelFailed')} />
        <p id="cancel-dialog-text">{t('cancelDialogText')}</p>
        <div className="actions">
          <button type="button" ref={keep} className="button button-secondary" onClick={() => dialog.current?.close()} disabled={cancel.isPending}>
            {t('keep')}
          </button>
          <button type="button" className="button button-danger" onClick={onCancel} disabled={cancel.isPending} aria-busy={cancel.isPending || undefined}>
            {cancel.isPending ? (
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
    </section>
  );
}
