import { inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { webhookDeliveries, webhookSubscriptions } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { enqueue } from '@/server/jobs/queue';
import { newWebhookId } from '@/server/webhooks/signing';

/** Spec §6: exactly `{"freightDocumentId","status"}`, in this order; a legal event of contract §14 adds `event`. */
export function eventBody(freightDocumentId: string, status: string, event?: string): string {
  return JSON.stringify(event ? { freightDocumentId, status, event } : { freightDocumentId, status });
}

/**
 * Records deliveries and queues their jobs in the caller's transaction, so that a delivery exists exactly when
 * the change (or request) behind it does. A redelivery passes the `webhookId` of the one it repeats.
 */
export async function queueDeliveries(
  db: DbOrTx,
  deliveries: { subscriptionId: string; body: string; eventId?: number | null; webhookId?: string }[],
): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const rows = deliveries.map((delivery) => ({
    id: newId(),
    subscriptionId: delivery.subscriptionId,
    webhookId: delivery.webhookId ?? newWebhookId(),
    eventId: delivery.eventId ?? null,
    body: delivery.body,
  }));
  await db.insert(webhookDeliveries).values(rows);
  // One lane per subscription, grouped by its account: a receiver that never answers holds one worker, and one
  // account's receivers at most WEBHOOK_CONCURRENCY_PER_ACCOUNT (decision 0028).
  const subscriptionIds = [...new Set(rows.map((row) => row.subscriptionId))];
  const owners = new Map(
    (
      await db
        .select({ id: webhookSubscriptions.id, accountId: webhookSubscriptions.accountId })
        .from(webhookSubscriptions)
        .where(inArray(webhookSubscriptions.id, subscriptionIds))
    ).map((row) => [row.id, row.accountId]),
  );
  for (const row of rows) {
    const owner = owners.get(row.subscriptionId);
    await enqueue(
      db,
      'webhook.deliver',
      { deliveryId: row.id },
      { lane: `webhook-subscription:${row.subscriptionId}`, ...(owner ? { laneGroup: `webhook-account:${owner}` } : {}) },
    );
  }
  return rows.map((row) => row.id);
}

/**
 * The subscriptions told about a status change of a document: its own subscriptions and the account-wide ones,
 * of accounts that hold a role in it now (named, delegated on it, or reached along account-wide delegations:
 * the access resolver's rule in one recursive query). An account that lost its role hears nothing more.
 * Its rows are id and created_at; the commit writer reads them inside its statement (issue 24).
 */
export function subscriptionsReachingQuery(documentId: string): SQL {
  return sql`
    with recursive reach(account_id, role) as (
      select account_id, role from document_roles where document_id = ${documentId} and account_id is not null
      union
      select delegate_account_id, role from delegations where document_id = ${documentId} and revoked_at is null
      union
      select d.delegate_account_id, d.role from delegations d
      join reach r on d.grantor_account_id = r.account_id and d.role = r.role
      where d.document_id is null and d.revoked_at is null
    )
    select s.id, s.created_at from webhook_subscriptions s
    where (s.document_id = ${documentId} or s.document_id is null)
      and s.account_id in (select account_id from reach)`;
}
