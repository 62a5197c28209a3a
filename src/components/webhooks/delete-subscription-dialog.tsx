'use client';
import { useTranslations } from 'next-intl';
import type { FieldError } from '@/components/forms/errors';
import { ConfirmDialog } from '@/components/forms/confirm-dialog';

interface DeleteSubscriptionDialogProps {
  callbackUrl: string;
  pending: boolean;
  errors: readonly FieldError[];
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before a subscription and its delivery log are deleted. */
export function DeleteSubscriptionDialog({ callbackUrl, ...answers }: DeleteSubscriptionDialogProps) {
  const t = useTranslations('delegation.subscriptions');
  return (
    <ConfirmDialog
      id="delete-subscription"
      title={t('deleteTitle', { url: callbackUrl })}
      titleClassName="url"
      text={t('deleteText')}
      errorsTitle={t('failed')}
      keepLabel={t('keep')}
      confirmLabel={t('confirmDelete')}
      pendingLabel={t('deleting')}
      {...answers}
    />
  );
}
