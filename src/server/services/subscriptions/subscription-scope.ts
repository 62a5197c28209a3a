import { and, eq, isNull } from 'drizzle-orm';
import type { SubscriptionScope } from '@/lib/schemas/subscriptions';
import type { DbOrTx } from '@/server/db/client';
import { webhookSubscriptions } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { authorize, loadAccessibleDocument } from '../document/load-document';

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;

/**
 * The subscriptions a call may touch: those of the caller on a document it may see and subscribe to (else 4.47,
 * 1.4), or the caller's account-wide ones. Returns the condition that selects them.
 */
export async function subscriptionScopeOf(db: DbOrTx, accountId: string, scope: SubscriptionScope) {
  if (scope.freightDocumentId !== null) {
    authorize(await loadAccessibleDocument(db, accountId, scope.freightDocumentId), 'SUBSCRIBE');
  }
  return {
    documentId: scope.freightDocumentId,
    where: and(
      eq(webhookSubscriptions.accountId, accountId),
      scope.freightDocumentId === null ? isNull(webhookSubscriptions.documentId) : eq(webhookSubscriptions.documentId, scope.freightDocumentId),
    )!,
  };
}

/** One of the caller's subscriptions in the scope; 4.1 alike for a missing id and another's (ids do not leak). */
export async function ownSubscription(db: DbOrTx, accountId: string, scope: SubscriptionScope, subscriptionId: string): Promise<SubscriptionRow> {
  const { where } = await subscriptionScopeOf(db, accountId, scope);
  const [subscription] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(where, eq(webhookSubscriptions.id, subscriptionId)));
  if (!subscription) fail('4.1');
  return subscription;
}

export function subscriptionViewOf(row: SubscriptionRow) {
  return { subscriptionId: row.id, callbackUrl: row.callbackUrl, freightDocumentId: row.documentId, createdAt: row.createdAt.toISOString() };
}
