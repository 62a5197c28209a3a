'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { FieldError } from '@/components/forms/errors';
import { DateTime } from '@/components/i18n/date-time';
import { useEnumLabel } from '@/components/i18n/labels';
import type { ListedDelegate } from './listed-delegate';
import { RevokeDialog } from './revoke-dialog';

export type { ListedDelegate } from './listed-delegate';

interface DelegatesListProps {
  idPrefix: string;
  delegates: readonly ListedDelegate[];
  empty: string;
  /** Where account-wide delegates are revoked from (the document view links to the account page instead). */
  revocable: (delegate: ListedDelegate) => boolean;
  revoke: { pending: boolean; errors: readonly FieldError[]; run: (delegateId: string, onDone: () => void) => void; reset: () => void };
}

/** The caller's delegates: who, which role, where it applies, since when; each revocable after a confirmation. */
export function DelegatesList({ idPrefix, delegates, empty, revocable, revoke }: DelegatesListProps) {
  const t = useTranslations('delegation');
  const label = useEnumLabel();
  const [chosen, setChosen] = useState<ListedDelegate | null>(null);
  if (delegates.length === 0) return <p className="hint">{empty}</p>;
  return (
    <>
      <ul className="entry-list" aria-label={t('list.label')} data-testid={`${idPrefix}-list`}>
        {delegates.map((delegate) => (
          <li key={delegate.delegateId} className="entry" data-testid="delegate">
            <div className="entry-main">
              <p className="entry-title">
                {delegate.delegateName} <span className="hint">({t('list.accountNumber', { accountNumber: delegate.delegateAccountNumber })})</span>
              </p>
              <dl className="details">
                <div className="details-row">
                  <dt>{t('list.role')}</dt>
                  <dd>{label('role', delegate.role)}</dd>
                </div>
                <div className="details-row">
                  <dt>{t('list.scope')}</dt>
                  <dd>{delegate.scope === 'ACCOUNT' ? t('list.scopeAccount') : t('list.scopeDocument')}</dd>
                </div>
                <div className="details-row">
                  <dt>{t('list.since')}</dt>
                  <dd>
                    <DateTime value={delegate.createdAt} />
                  </dd>
                </div>
              </dl>
            </div>
            <div className="entry-actions">
              {revocable(delegate) ? (
                <button
                  type="button"
                  className="button button-secondary"
                  aria-haspopup="dialog"
                  aria-label={t('list.revokeLabel', { role: label('role', delegate.role), name: delegate.delegateName })}
                  onClick={() => {
                    revoke.reset();
                    setChosen(delegate);
                  }}
                >
                  {t('list.revoke')}
                </button>
              ) : (
                <Link href="/account#account-delegates-title">{t('panel.accountPageLink')}</Link>
              )}
            </div>
          </li>
        ))}
      </ul>
      {chosen ? (
        <RevokeDialog
          delegate={chosen}
          pending={revoke.pending}
          errors={revoke.errors}
          onClose={() => setChosen(null)}
          onConfirm={() => revoke.run(chosen.delegateId, () => setChosen(null))}
        />
      ) : null}
    </>
  );
}
