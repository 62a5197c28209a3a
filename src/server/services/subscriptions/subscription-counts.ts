import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { webhookSubscriptions } from '@/server/db/schema';

/** `subscriptionCount` (contract §4): the caller's own subscriptions per document, for one page of documents at once. */
export async function countOwnSubscriptions(db: DbOrTx, accountId: string, documentIds: string[]): Promise<Map<string, number>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db
    .select({ documentId: webhookSubscriptions.documentId, n: count() })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.accountId, accountId), inArray(webhookSubscriptions.documentId, documentIds)))
    .groupBy(webhookSubscriptions.documentId);
  return new Map(rows.map((row) => [row.documentId!, row.n]));
}
