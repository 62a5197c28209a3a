import { visibleSecrets, type TransferSecrets } from '@/lib/domain/transfers';
import type { CallerEnvelope } from '@/lib/schemas/freight-document-response';
import { allowedActionsOf } from '@/lib/domain/action-rules';

import { actionStateOf, type ActionStateExtras, type LoadedDocument } from './load-document';
import { situationOf } from '@/lib/domain/situations';
import type { DelegationRow } from './rows';

export interface DocumentSecrets {
  collection?: TransferSecrets;
  delivery?: TransferSecrets;
  carrierToCarrier: ReadonlyMap<string, TransferSecrets>;
}

/** What the envelope needs beyond the loaded document; loaded by the serializers for one or many documents. */
export interface EnvelopeFacts {
  /** The caller's active account-wide delegations (they reach this document for the roles it holds here). */
  ownAccountDelegations?: DelegationRow[];
  /** The caller's own subscriptions on this document. */
  subscriptionCount?: number;
  /** The document's transfer secrets (single reads only): the caller sees those of the transfers it is a party of. */
  secrets?: DocumentSecrets;
}

/** The caller's delegations that concern this document: made on it, or account-wide for a role it holds on it. */
export function ownDelegationsOn(loaded: LoadedDocument, ownAccountDelegations: DelegationRow[]): DelegationRow[] {
  const { held, accountId, documentDelegations } = loaded.access;
  return [
    ...documentDelegations.filter((delegation) => delegation.grantorAccountId === accountId),
    ...ownAccountDelegations.filter((delegation) => held.some((role) => role.role === delegation.role)),
  ];
}

/**
 * The caller's part of a document response (contract §4, §5, §8, §11): one `ownPermissions` entry per role held
 * (directly or as a delegate), the delegations the caller made that reach it (`roleId` null for account-wide
 * ones), what it may do now, how many subscriptions it has on it, and the secrets of its transfers.
 */
export function callerEnvelopeOf(loaded: LoadedDocument, state: ActionStateExtras = {}, facts: EnvelopeFacts = {}): CallerEnvelope {
  const { held } = loaded.access;
  const shown = facts.secrets
    ? visibleSecrets(situationOf(loaded.document, loaded.roles, loaded.approvals), facts.secrets, new Set(held.map((role) => role.roleId)))
    : undefined;
  return {
    ownPermissions: held.map((role) => ({ permissions: role.permissions, role: role.role, roleId: role.roleId })),
    ownDelegates: ownDelegationsOn(loaded, facts.ownAccountDelegations ?? []).map((delegation) => ({
      delegateId: delegation.id,
      role: delegation.role,
      roleId: delegation.documentId === null ? null : delegation.roleId,
      delegateAccountId: delegation.delegateAccountId,
    })),
    allowedActions: allowedActionsOf(held, actionStateOf(loaded, state)),
    subscriptionCount: facts.subscriptionCount ?? 0,
    ...(shown?.collectionSecrets ? { collectionSecrets: shown.collectionSecrets } : {}),
    ...(shown?.carrierToCarrierSecrets.length ? { carrierToCarrierSecrets: shown.carrierToCarrierSecrets } : {}),
    ...(shown?.deliverySecrets ? { deliverySecrets: shown.deliverySecrets } : {}),
  };
}
