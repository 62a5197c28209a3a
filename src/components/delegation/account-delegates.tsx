'use client';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { errorsFromCall } from '@/components/forms/errors';
import { useEnumLabel } from '@/components/i18n/labels';
import { ROLES } from '@/lib/schemas/freight-document';
import { useTRPC } from '@/lib/trpc/client';
import { DelegateForm } from './delegate-form';
import { DelegatesList } from './delegates-list';
import { FormErrors } from './text-field';
import { useDelegationActions } from './use-delegation-actions';
import './delegation.css';

/** The account page's account-wide delegates (contract §11): list, add, revoke. */
export function AccountDelegates() {
  const t = useTranslations('delegation');
  const label = useEnumLabel();
  const trpc = useTRPC();
  const delegates = useQuery(trpc.delegation.onAccount.queryOptions());
  const actions = useDelegationActions(null);
  // Any role: an account-wide delegation covers present and future documents, so none need be held today.
  const roles = ROLES.map((role) => ({ role, label: label('role', role) }));

  return (
    <section className="panel" aria-labelledby="account-delegates-title" data-testid="account-delegates">
      <h2 id="account-delegates-title">{t('account.title')}</h2>
      <p>{t('account.intro')}</p>
      {delegates.isPending ? (
        <p role="status" className="loading">
          <span className="spinner" aria-hidden="true" /> {t('revoke.loading')}
        </p>
      ) : delegates.isError ? (
        <FormErrors errors={errorsFromCall(delegates.error)} title={t('revoke.failed')} />
      ) : (
        <DelegatesList
          idPrefix="account-delegates"
          delegates={delegates.data.delegates.map((delegate) => ({ ...delegate, scope: 'ACCOUNT' as const }))}
          empty={t('account.empty')}
          revocable={() => true}
          revoke={actions.revoke}
        />
      )}
      <DelegateForm key={actions.formKey} idPrefix="account-delegate" title={t('account.formTitle')} roles={roles} scope="account" {...actions.form} />
    </section>
  );
}
