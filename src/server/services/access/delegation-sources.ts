import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Role } from '@/lib/schemas/freight-document';
import type { DbOrTx } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';

/** An account whose holdings of `role` flow to the caller through account-wide delegations. */
export interface DelegationSource {
  accountId: string;
  role: Role;
  /** The delegation to the caller that starts this chain: what the caller acts through. */
  delegationId: string;
}

/** The query of loadDelegationSources, also run inside the one statement that loads a document (load-state.ts). */
export function delegationSourcesQuery(accountId: string | SQLWrapper) {
  return sql`
      with recursive sources(account_id, role, entry_id) as (
        select grantor_account_id, role, id from delegations
        where delegate_account_id = ${accountId} and document_id is null and revoked_at is null
        union
        select d.grantor_account_id, d.role, s.entry_id from delegations d
        join sources s on d.delegate_account_id = s.account_id and d.role = s.role
        where d.document_id is null and d.revoked_at is null
      )
      select account_id, role, entry_id from sources where account_id <> ${accountId}`;
}

/**
 * Follows account-wide delegations upwards from the caller (spec §1: a delegate can delegate further): every
 * (account, role) pair whose documents the caller may act on for that role. Usually empty. One query.
 */
export async function loadDelegationSources(db: DbOrTx, accountId: string): Promise<DelegationSource[]> {
  const rows = await queryRows<{ account_id: string; role: Role; entry_id: string }>(db, delegationSourcesQuery(accountId));
  return rows.map((row) => ({ accountId: row.account_id, role: row.role, delegationId: row.entry_id }));
}
