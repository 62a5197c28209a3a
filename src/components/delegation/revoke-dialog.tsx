'use client';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/forms/confirm-dialog';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import { useEnumLabel } from '@/components/i18n/labels';
import { useTRPC } from '@/lib/trpc/client';
import type { ListedDelegate } from './listed-delegate';

interface RevokeDialogProps {
  delegate: ListedDelegate;
  pending: boolean;
  errors: readonly FieldError[];
  onClose: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a delegation is revoked, and says what else ends with it (spec §1: everything delegated further
 * from it), as the server's dry run of the revocation finds it.
 */
export function RevokeDialog({ delegate, pending, errors, onClose, onConfirm }: RevokeDialogProps) {
  const t = useTranslations('delegation.revoke');
  const label = useEnumLabel();
  const trpc = useTRPC();
  const preview = useQuery({ ...trpc.delegation.revocationPreview.queryOptions({ delegateId: delegate.delegateId }), staleTime: 0, gcTime: 0 });
  const role = label('role', delegate.role);
  const scope = delegate.scope === 'ACCOUNT' ? 'account' : 'document';

  const shownErrors = errors.length > 0 ? errors : preview.isError ? errorsFromCall(preview.error) : [];
  return (
    <ConfirmDialog
      id="revoke-dialog"
      title={t('title', { role, name: delegate.delegateName })}
      text={t('ownText', { role, name: delegate.delegateName, scope })}
      errors={shownErrors}
      errorsTitle={t('failed')}
      keepLabel={t('keep')}
      confirmLabel={t('confirm')}
      pendingLabel={t('pending')}
      pending={pending}
      onClose={onClose}
      onConfirm={onConfirm}
    >
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
    </ConfirmDialog>
  );
}
