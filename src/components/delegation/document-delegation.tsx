'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEnumLabel } from '@/components/i18n/labels';
import { useTRPC, type RouterOutputs } from '@/lib/trpc/client';
import { DelegateForm, type RoleOption } from './delegate-form';
import { DelegatesList } from './delegates-list';
import { useDelegationActions } from './use-delegation-actions';
import './delegation.css';

type DocumentJson = RouterOutputs['documents']['get'];

/**
 * The document view's Delegates panel and its way to the document's webhooks. What is offered comes from the
 * service's answer only: `allowedActions` (DELEGATE, SUBSCRIBE), the roles in `ownPermissions` that carry the
 * DELEGATE right, and `ownDelegates` (a caller without the right may still revoke what it delegated).
 */
export function DocumentDelegation({ document }: { document: DocumentJson }) {
  const t = useTranslations('delegation');
  const label = useEnumLabel();
  const trpc = useTRPC();
  const id = document.freightDocumentId;
  const canDelegate = document.allowedActions.includes('DELEGATE');
  const shown = canDelegate || document.ownDelegates.length > 0;
  const delegates = useQuery({ ...trpc.delegation.onDocument.queryOptions({ freightDocumentId: id }), enabled: shown });
  const actions = useDelegationActions(id);

  const delegable = document.ownPermissions.filter((entry) => entry.permissions.includes('DELEGATE'));
  const roles: RoleOption[] = delegable.map((entry) => {
    const same = delegable.filter((other) => other.role === entry.role);
    const base = label('role', entry.role);
    return { role: entry.role, roleId: entry.roleId, label: same.length > 1 ? `${base} ${same.indexOf(entry) + 1}` : base };
  });

  return (
    <>
      {shown ? (
        <section className="panel" aria-labelledby="delegates-title" data-testid="delegates-panel">
          <h2 id="delegates-title">{t('panel.title')}</h2>
          <p>{t('panel.intro')}</p>
          {delegates.isPending ? (
            <p role="status" className="loading">
              <span className="spinner" aria-hidden="true" /> {t('revoke.loading')}
            </p>
          ) : (
            <DelegatesList
              idPrefix="document-delegates"
              delegates={delegates.data?.delegates ?? []}
              empty={t('panel.empty')}
              revocable={(delegate) => delegate.scope === 'DOCUMENT'}
              revoke={actions.revoke}
            />
          )}
          {delegates.data?.delegates.some((delegate) => delegate.scope === 'ACCOUNT') ? <p className="hint">{t('panel.accountWideHint')}</p> : null}
          {canDelegate && roles.length > 0 ? (
            <DelegateForm key={actions.formKey} idPrefix="delegate" title={t('form.title')} roles={roles} scope="document" {...actions.form} />
          ) : null}
        </section>
      ) : null}
      {document.allowedActions.includes('SUBSCRIBE') ? (
        <section className="panel" aria-labelledby="document-webhooks-title">
          <h2 id="document-webhooks-title">{t('webhooks.panelTitle')}</h2>
          <p>{t('webhooks.panelText', { count: document.subscriptionCount })}</p>
          <p>
            <Link href={`/documents/${encodeURIComponent(id)}/webhooks`}>{t('webhooks.panelLink')}</Link>
          </p>
        </section>
      ) : null}
    </>
  );
}
