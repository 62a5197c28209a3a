'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import { useEnumLabel } from '@/components/i18n/labels';
import type { DelegateInput } from '@/lib/schemas/delegation';
import { useTRPC } from '@/lib/trpc/client';
import { delegateeOf } from './delegate-form';

/**
 * Delegating and revoking, on one document or account-wide, with the errors of each and the queries they change:
 * the delegates lists, and the document (its `ownDelegates`, and the delegate's own list). `form` is what the
 * DelegateForm needs (give it `formKey` as its key: a new, empty form after each delegation).
 */
export function useDelegationActions(freightDocumentId: string | null) {
  const t = useTranslations('delegation');
  const label = useEnumLabel();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const delegateOnDocument = useMutation(trpc.delegation.delegateOnDocument.mutationOptions());
  const delegateOnAccount = useMutation(trpc.delegation.delegateOnAccount.mutationOptions());
  const revokeOnDocument = useMutation(trpc.delegation.revokeOnDocument.mutationOptions());
  const revokeOnAccount = useMutation(trpc.delegation.revokeOnAccount.mutationOptions());
  const [delegateErrors, setDelegateErrors] = useState<FieldError[]>([]);
  const [revokeErrors, setRevokeErrors] = useState<FieldError[]>([]);
  const [delegated, setDelegated] = useState(0);
  const [done, setDone] = useState<string>();

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.delegation.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.documents.pathKey() }),
    ]);

  const delegate = (input: DelegateInput) => {
    setDelegateErrors([]);
    const options = {
      onSuccess: async () => {
        await refresh();
        setDelegated((count) => count + 1);
        setDone(t('form.done', { name: delegateeOf(input), role: label('role', input.role) }));
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
    form: { onSubmit: delegate, pending: delegateOnDocument.isPending || delegateOnAccount.isPending, errors: delegateErrors, done },
    formKey: delegated,
    revoke: { run: revoke, pending: revokeOnDocument.isPending || revokeOnAccount.isPending, errors: revokeErrors, reset: () => setRevokeErrors([]) },
  };
}
