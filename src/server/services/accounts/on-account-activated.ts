import type { Transaction } from '@/server/db/client';
import type { accounts } from '@/server/db/schema';
import { claimPendingRoles } from '../freight-documents/claim-pending-roles';

/** Work that belongs to the activation transaction. */
export async function onAccountActivated(tx: Transaction, account: typeof accounts.$inferSelect) {
  await claimPendingRoles(tx, account);
}
