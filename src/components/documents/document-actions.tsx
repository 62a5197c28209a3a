'use client';
import { useRouter } from 'next/navigation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import { useTRPC } from '@/lib/trpc/client';
import type { DocumentAction } from '@/lib/domain/document-actions';
import type { SummaryRow } from '@/components/portal/issue-summary';
import { DraftActionsPanel } from './draft-actions-panel';

interface DocumentActionsProps {
  freightDocumentId: string;
  serviceNumber: string;
  /** What the service says the caller may do now (contract §5); the panel has no rule of its own. */
  allowedActions: readonly DocumentAction[];
  /** Called after the document was issued, to say so on the page. */
  onIssued: () => void;
  /** What issuing fixes, for the confirmation. */
  summary?: readonly SummaryRow[];
}

/** The actions on a draft the service allows: edit it, issue it (with what it costs), or cancel it. */
export function DocumentActions({ freightDocumentId, serviceNumber, allowedActions, onIssued, summary }: DocumentActionsProps) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  // The quote explains the cost, and why issuing is not offered when the service leaves ISSUE out for credits.
  // Asked for this document: its submitter pays, also when a delegate of the SUBMITTER role issues it (spec §5).
  const quote = useQuery({
    ...trpc.documents.issueQuote.queryOptions({ freightDocumentId }),
    enabled: allowedActions.includes('UPDATE') || allowedActions.includes('ISSUE'),
  });
  const issue = useMutation(trpc.documents.issue.mutationOptions());
  const cancel = useMutation(trpc.documents.cancel.mutationOptions());
  const [issueErrors, setIssueErrors] = useState<FieldError[]>([]);
  const [cancelErrors, setCancelErrors] = useState<FieldError[]>([]);

  function onIssue() {
    if (issue.isPending) return;
    setIssueErrors([]);
    issue.mutate(
      { freightDocumentId },
      {
        onSuccess: async (document) => {
          queryClient.setQueryData(trpc.documents.get.queryKey({ freightDocumentId }), document);
          onIssued();
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: trpc.documents.list.pathKey() }),
            queryClient.invalidateQueries({ queryKey: trpc.documents.issueQuote.pathKey() }),
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
          router.push(`/documents?cancelled=${encodeURIComponent(serviceNumber)}`);
        },
        onError: (error) => setCancelErrors(errorsFromCall(error)),
      },
    );
  }

  return (
    <DraftActionsPanel
      freightDocumentId={freightDocumentId}
      serviceNumber={serviceNumber}
      allowedActions={allowedActions}
      summary={summary}
      quote={quote.data}
      issue={{ pending: issue.isPending, errors: issueErrors, run: onIssue }}
      cancel={{ pending: cancel.isPending, errors: cancelErrors, run: onCancel, onOpen: () => setCancelErrors([]) }}
    />
  );
}
