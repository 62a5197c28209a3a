import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Role } from '@/lib/schemas/freight-document';
import type { DbOrTx } from '@/server/db/client';
import { delegations, documentRoles } from '@/server/db/schema';
import { queryRows } from '@/server/db/rows';
import { loadDelegationSources, type DelegationSource } from '../access/delegation-sources';
import { resolveHeldRoles } from '../access/held-roles';
import type { DelegationRow } from '../document/rows';

/**
 * Revokes a delegation and everything delegated further from it (spec §1): first every delegation whose
 * `parentId` chain leads to it, then every per-document delegation whose grantor no longer holds the role on
 * its document by any other way (an account-wide chain can end a link above the grantor's own delegation).
 * Account-wide chains need no more: the access resolver follows only links that are still active.
 */
export async function endDelegation(db: DbOrTx, delegation: DelegationRow, now: Date): Promise<void> {
  const revoked = await queryRows<{ id: string; document_id: string | null; role: Role; delegate_account_id: string }>(
    db,
    sql`
      with recursive chain(id) as (
        select ${delegation.id}::text
        union
        select d.id from delegations d join chain c on d.parent_id = c.id
      )
      update delegations set revoked_at = ${now.toISOString()}::timestamptz
      where id in (select id from chain) and revoked_at is null
      returning id, document_id, role, delegate_account_id`,
  );
  const documents = new Set(revoked.flatMap((row) => (row.document_id ? [row.document_id] : [])));
  for (const row of revoked.filter((entry) => entry.document_id === null)) {
    for (const documentId of await documentsDelegatedDownstream(db, row.delegate_account_id, row.role)) documents.add(documentId);
  }
  for (const documentId of documents) await endUnsupportedDelegations(db, documentId, now);
}

/**
 * Documents with per-document delegations of `role` made by `delegate` or by anyone it reaches along
 * account-wide delegations of that role: the only ones a revoked account-wide link can leave without support.
 */
async function documentsDelegatedDownstream(db: DbOrTx, delegate: string, role: Role): Promise<string[]> {
  const rows = await queryRows<{ document_id: string }>(
    db,
    sql`
      with recursive downstream(account_id) as (
        select ${delegate}::text
        union
        select d.delegate_account_id from delegations d join downstream s on d.grantor_account_id = s.account_id
        where d.document_id is null and d.revoked_at is null and d.role = ${role}
      )
      select distinct document_id from delegations
      where document_id is not null and revoked_at is null and role = ${role}
        and grantor_account_id in (select account_id from downstream)`,
  );
  return rows.map((row) => row.document_id);
}

/** Revokes, until none is left, the per-document delegations of a document whose grantor no longer holds the role. */
async function endUnsupportedDelegations(db: DbOrTx, documentId: string, now: Date) {
  const roles = await db.select().from(documentRoles).where(eq(documentRoles.documentId, documentId));
  const sources = new Map<string, DelegationSource[]>();
  for (;;) {
    const active = await db
      .select()
      .from(delegations)
      .where(and(eq(delegations.documentId, documentId), isNull(delegations.revokedAt), isNotNull(delegations.roleId)));
    const unsupported: string[] = [];
    for (const delegation of active) {
      const grantor = delegation.grantorAccountId;
      if (!sources.has(grantor)) sources.set(grantor, await loadDelegationSources(db, grantor));
      const held = resolveHeldRoles({ accountId: grantor, roles, documentDelegations: active, sources: sources.get(grantor)! });
      if (!held.some((role) => role.roleId === delegation.roleId)) unsupported.push(delegation.id);
    }
    if (unsupported.length === 0) return;
    await db.update(delegations).set({ revokedAt: now }).where(inArray(delegations.id, unsupported));
  }
}
