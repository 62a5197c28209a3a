import { and, eq, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { delegations, documentRoles, documentViewers, freightDocuments } from '@/server/db/schema';
import type { DelegationSource } from './delegation-sources';

/**
 * The one visibility rule in SQL (contract §4: the documents in which the caller holds a role, directly or
 * as a delegate; cancelled ones excluded), for the list. The document load applies the same rule through
 * resolveHeldRoles; a test keeps the two in agreement.
 */
export function visibleTo(accountId: string, sources: DelegationSource[]): SQL {
  // The caller, or an account whose role reaches the caller through account-wide delegations.
  const heldBy = (accountColumn: SQLWrapper, roleColumn: SQLWrapper) =>
    or(eq(accountColumn, accountId), ...sources.map((source) => and(eq(accountColumn, source.accountId), eq(roleColumn, source.role))))!;
  const named = sql`exists (select 1 from ${documentRoles} where ${documentRoles.documentId} = ${freightDocuments.id} and ${heldBy(documentRoles.accountId, documentRoles.role)})`;
  const delegated = sql`exists (select 1 from ${delegations} where ${delegations.documentId} = ${freightDocuments.id} and ${isNull(delegations.revokedAt)} and ${heldBy(delegations.delegateAccountId, delegations.role)})`;
  return and(sql`${freightDocuments.status} <> 'CANCELLED'`, or(named, delegated))!;
}

/**
 * The same rule read from the list's read model, for a caller without account-wide delegations: document_viewers
 * holds a row for every document in which the account holds a role, named or by a per-document delegation of it
 * (kept by triggers, migration list_viewers_triggers). Cancelled ones excluded, as above. `accountId` may be a
 * prepared statement's placeholder.
 */
export function viewedBy(accountId: string | SQLWrapper): SQL {
  return and(eq(documentViewers.accountId, accountId), sql`${documentViewers.status} <> 'CANCELLED'`)!;
}
