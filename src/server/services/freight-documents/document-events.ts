import type { DbOrTx } from '@/server/db/client';
import { documentEvents } from '@/server/db/schema';

/**
 * One event row per status change, in the transaction of its commit (spec §6: subscribers are called on every
 * status change). Consumers (webhook delivery) read these rows, so an event exists exactly when its change does.
 */
export async function recordStatusChange(db: DbOrTx, input: { documentId: string; commitId: string; status: string }) {
  await db.insert(documentEvents).values({ documentId: input.documentId, commitId: input.commitId, type: 'STATUS_CHANGED', status: input.status });
}
