'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { FieldError } from '@/components/forms/errors';
import { FormErrors } from '@/components/delegation/text-field';

interface DeleteSubscriptionDialogProps {
  callbackUrl: string;
  pending: boolean;
  errors: readonly FieldError[];
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before a subscription and its delivery log are deleted; the safe answer has the focus. */
export function DeleteSubscriptionDialog({ callbackUrl, pending, errors, onClose, onConfirm }: DeleteSubscriptionDialogProps) {
  const t = useTranslations('delegation.subscriptions');
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
    keep.current?.focus();
  }, []);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="delete-subscription-title" aria-describedby="delete-subscription-text" onClose={onClose}>
      <h2 id="delete-subscription-title" className="url">
        {t('deleteTitle', { url: callbackUrl })}
      </h2>
      <FormErrors errors={errors} title={t('failed')} />
      <p id="delete-subscription-text">{t('deleteText')}</p>
      <div className="actions">
        <button type="button" ref={keep} className="button button-secondary" onClick={() => dialog.current?.close()} disabled={pending}>
          {t('keep')}
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending ? (
            <>
              <span className="spinner" aria-hidden="true" />
              {t('deleting')}
            </>
          ) : (
            t('confirmDelete')
          )}
        </button>
      </div>
    </dialog>
  );
}
