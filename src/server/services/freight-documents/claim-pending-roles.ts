import { and, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { documentRoles, type accounts } from '@/server/db/schema';

/**
 * A person named in a role by e-mail only holds that role from the moment an account with that address is
 * activated (contract §3).
 */
export async function claimPendingRoles(db: DbOrTx, account: Pick<typeof accounts.$inferSelect, 'id' | 'email'>) {
  await db
    .update(documentRoles)
    .set({ accountId: account.id })
    .where(and(isNull(documentRoles.accountId), sql`lower(${documentRoles.email}) = lower(${account.email})`));
}
