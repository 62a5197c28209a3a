import { visibleSecrets, type TransferSecrets } from '@/lib/domain/transfers';
import type { CallerEnvelope } from '@/lib/schemas/freight-document-response';
import { allowedActionsOf, type ActionState } from './actions';
import { actionStateOf, type LoadedDocument } from './load-document';
import { situationOf } from './transfer-situation';

export interface DocumentSecrets {
  collection?: TransferSecrets;
  delivery?: TransferSecrets;
  carrierToCarrier: ReadonlyMap<string, TransferSecrets>;
}

/**
 * The caller's part of a document response (contract §4, §5, §8): one `ownPermissions` entry per role held
 * (directly or as a delegate), the delegations the caller made on it, what it may do now, and, when the
 * document's secrets are given (single reads), those of the transfers the caller is a party of.
 */
export function callerEnvelopeOf(
  loaded: LoadedDocument,
  state: Omit<ActionState, 'document' | 'roles' | 'approvals'> = {},
  secrets?: DocumentSecrets,
): CallerEnvelope {
  const { held, accountId, documentDelegations } = loaded.access;
  const shown = secrets
    ? visibleSecrets(situationOf(loaded.document, loaded.roles, loaded.approvals), secrets, new Set(held.map((role) => role.roleId)))
    : undefined;
  return {
    ownPermissions: held.map((role) => ({ permissions: role.permissions, role: role.role, roleId: role.roleId })),
    ownDelegates: documentDelegations
      .filter((delegation) => delegation.grantorAccountId === accountId)
      .map((delegation) => ({ delegateId: delegation.id, role: delegation.role, roleId: delegation.roleId, delegateAccountId: delegation.delegateAccountId })),
    allowedActions: allowedActionsOf(held, actionStateOf(loaded, state)),
    subscriptionCount: 0,
    ...(shown?.collectionSecrets ? { collectionSecrets: shown.collectionSecrets } : {}),
    ...(shown?.carrierToCarrierSecrets.length ? { carrierToCarrierSecrets: shown.carrierToCarrierSecrets } : {}),
    ...(shown?.deliverySecrets ? { deliverySecrets: shown.deliverySecrets } : {}),
  };
}
