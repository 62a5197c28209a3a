'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { useEnumLabel } from '@/components/i18n/labels';
import { DOCUMENT_ACTIONS, type DocumentAction } from '@/lib/domain/document-actions';

interface DocumentAbilitiesProps {
  roles: readonly string[];
  /** The service's answer for the document's state now (contract §5); nothing else decides what is listed. */
  allowedActions: readonly DocumentAction[];
}

/** What the reader may do with this document now, in sentences ("You can edit this draft"), and the roles they hold. */
export function DocumentAbilities({ roles, allowedActions }: DocumentAbilitiesProps) {
  const t = useTranslations('portal.abilities');
  const label = useEnumLabel();
  const format = useFormatter();
  // The catalogue's order, so the sentences read the same way on every document.
  const actions = DOCUMENT_ACTIONS.filter((action) => allowedActions.includes(action));
  return (
    <>
      {roles.length > 0 ? <p>{t('roles', { roles: format.list(roles.map((role) => label('role', role))) })}</p> : null}
      <ul className="plain-list abilities" data-testid="own-permissions">
        <li>{t('view')}</li>
        {actions.map((action) => (
          <li key={action}>{t(`can.${action}`)}</li>
        ))}
      </ul>
    </>
  );
}
