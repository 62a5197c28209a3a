'use client';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import { useEnumLabel } from '@/components/i18n/labels';
import { useTRPC } from '@/lib/trpc/client';
import type { ListedDelegate } from './delegates-list';
import { FormErrors } from './text-field';

interface RevokeDialogProps {
  delegate: ListedDelegate;
  pending: boolean;
  errors: readonly FieldError[];
  onClose: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a delegation is revoked, and says what else ends with it (spec §1: everything delegated further
 * from it), as the server's dry run of the revocation finds it. The safe answer has the focus.
 */
export function RevokeDialog({ delegate, pending, errors, onClose, onConfirm }: RevokeDialogProps) {
  const t = useTranslations('delegation.revoke');
  const label = useEnumLabel();
  const trpc = useTRPC();
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const preview = useQuery({ ...trpc.delegation.revocationPreview.queryOptions({ delegateId: delegate.delegateId }), staleTime: 0, gcTime: 0 });
  const role = label('role', delegate.role);
  const scope = delegate.scope === 'ACCOUNT' ? 'account' : 'document';

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    keep.current?.focus();
  }, []);

  const shownErrors = errors.length > 0 ? errors : preview.isError ? errorsFromCall(preview.error) : [];
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="revoke-dialog-title" aria-describedby="revoke-dialog-text" onClose={onClose}>
      <h2 id="revoke-dialog-title">{t('title', { role, name: delegate.delegateName })}</h2>
      <FormErrors errors={shownErrors} title={t('failed')} />
      <p id="revoke-dialog-text">{t('ownText', { role, name: delegate.delegateName, scope })}</p>
      {preview.isPending ? (
        <p role="status" className="loading">
          <span className="spinner" aria-hidden="true" /> {t('loading')}
        </p>
      ) : preview.data && preview.data.alsoEnds.length > 0 ? (
        <div data-testid="revocation-also-ends">
          <p>
            <strong>{t('alsoEndsTitle')}</strong>
          </p>
          <ul className="also-ends">
            {preview.data.alsoEnds.map((entry) => (
              <li key={entry.delegateId}>
                {t('alsoEndsItem', {
                  name: entry.delegateName,
                  accountNumber: entry.delegateAccountNumber,
                  role: label('role', entry.role),
                  scope: entry.freightDocumentId === null ? 'account' : 'document',
                  serviceNumber: entry.serviceNumber ?? '',
                  grantor: entry.grantorName,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : preview.data ? (
        <p className="hint">{t('nothingElse')}</p>
      ) : null}
      <div className="actions">
        <button type="button" ref={keep} className="button button-secondary" onClick={() => dialog.current?.close()} disabled={pending}>
          {t('keep')}
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending ? (
            <>
              <span className="spinner" aria-hidden="true" />
              {t('pending')}
            </>
          ) : (
            t('confirm')
          )}
        </button>
      </div>
    </dialog>
  );
}
