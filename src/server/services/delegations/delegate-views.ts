import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DelegateView } from '@/lib/schemas/delegation';
import type { DbOrTx } from '@/server/db/client';
import { accounts, delegations } from '@/server/db/schema';
import type { DelegationRow } from '../document/rows';

/** The caller's active account-wide delegations, oldest first. */
export function loadOwnAccountDelegations(db: DbOrTx, accountId: string): Promise<DelegationRow[]> {
  return db
    .select()
    .from(delegations)
    .where(and(eq(delegations.grantorAccountId, accountId), isNull(delegations.documentId), isNull(delegations.revokedAt)))
    .orderBy(asc(delegations.createdAt), asc(delegations.id));
}

/** Delegations as their grantor sees them: with the delegate's account number and name, in one query. */
export async function delegateViewsOf(db: DbOrTx, rows: DelegationRow[]): Promise<DelegateView[]> {
  const ids = [...new Set(rows.map((row) => row.delegateAccountId))];
  const people = ids.length
    ? await db.select({ id: accounts.id, accountNumber: accounts.accountNumber, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids))
    : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  return rows.map((row) => ({
    delegateId: row.id,
    role: row.role,
    roleId: row.roleId,
    freightDocumentId: row.documentId,
    delegateAccountId: row.delegateAccountId,
    delegateAccountNumber: byId.get(row.delegateAccountId)?.accountNumber ?? '',
    delegateName: byId.get(row.delegateAccountId)?.name ?? '',
    grantorAccountId: row.grantorAccountId,
    createdAt: row.createdAt.toISOString(),
  }));
}
