'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import type { DelegateInput } from '@/lib/schemas/delegation';
import { useTRPC } from '@/lib/trpc/client';

/**
 * Delegating and revoking, on one document or account-wide, with the errors of each and the queries they change:
 * the delegates lists, and the document (its `ownDelegates`, and the delegate's own list).
 */
export function useDelegationActions(freightDocumentId: string | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const delegateOnDocument = useMutation(trpc.delegation.delegateOnDocument.mutationOptions());
  const delegateOnAccount = useMutation(trpc.delegation.delegateOnAccount.mutationOptions());
  const revokeOnDocument = useMutation(trpc.delegation.revokeOnDocument.mutationOptions());
  const revokeOnAccount = useMutation(trpc.delegation.revokeOnAccount.mutationOptions());
  const [delegateErrors, setDelegateErrors] = useState<FieldError[]>([]);
  const [revokeErrors, setRevokeErrors] = useState<FieldError[]>([]);
  const [delegated, setDelegated] = useState(0);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.delegation.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.documents.pathKey() }),
    ]);

  const delegate = (input: DelegateInput, onDone: () => void) => {
    setDelegateErrors([]);
    const options = {
      onSuccess: async () => {
        await refresh();
        setDelegated((count) => count + 1);
        onDone();
      },
      onError: (error: unknown) => setDelegateErrors(errorsFromCall(error)),
    };
    if (freightDocumentId === null) delegateOnAccount.mutate(input, options);
    else delegateOnDocument.mutate({ freightDocumentId, ...input }, options);
  };

  const revoke = (delegateId: string, onDone: () => void) => {
    setRevokeErrors([]);
    const options = {
      onSuccess: async () => {
        await refresh();
        onDone();
      },
      onError: (error: unknown) => setRevokeErrors(errorsFromCall(error)),
    };
    if (freightDocumentId === null) revokeOnAccount.mutate({ delegateId }, options);
    else revokeOnDocument.mutate({ freightDocumentId, delegateId }, options);
  };

  return {
    delegate: { run: delegate, pending: delegateOnDocument.isPending || delegateOnAccount.isPending, errors: delegateErrors, count: delegated },
    revoke: { run: revoke, pending: revokeOnDocument.isPending || revokeOnAccount.isPending, errors: revokeErrors, reset: () => setRevokeErrors([]) },
  };
}
