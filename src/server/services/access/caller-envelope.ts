import type { CallerEnvelope } from '@/lib/schemas/freight-document-response';
import { allowedActionsOf, type ActionState } from './actions';
import type { LoadedDocument } from './load-document';

/**
 * The caller's part of a document response (contract §4, §5): one `ownPermissions` entry per role held
 * (directly or as a delegate), the delegations the caller made on it, and what it may do now.
 */
export function callerEnvelopeOf(loaded: LoadedDocument, state: Omit<ActionState, 'document'> = {}): CallerEnvelope {
  const { held, accountId, documentDelegations } = loaded.access;
  return {
    ownPermissions: held.map((role) => ({ permissions: role.permissions, role: role.role, roleId: role.roleId })),
    ownDelegates: documentDelegations
      .filter((delegation) => delegation.grantorAccountId === accountId)
      .map((delegation) => ({ delegateId: delegation.id, role: delegation.role, roleId: delegation.roleId, delegateAccountId: delegation.delegateAccountId })),
    allowedActions: allowedActionsOf(held, { document: loaded.document, ...state }),
    subscriptionCount: 0,
  };
}
