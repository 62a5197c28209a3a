import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DeliveryView, SubscriptionScope } from '@/lib/schemas/subscriptions';
import type { DbOrTx } from '@/server/db/client';
import { jobs, webhookDeliveries, webhookDeliveryAttempts } from '@/server/db/schema';
import { requireAccountId, type ServiceContext } from '../context';
import { ownSubscription } from './subscription-scope';

/** The log shows this many deliveries, the newest. */
export const DELIVERY_LOG_LIMIT = 100;

/**
 * GET …/subscriptions/{subscriptionId}/deliveries (contract §11): the newest deliveries first, each with every
 * attempt (time, HTTP status or error, duration) and its state.
 */
export async function listDeliveries({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: SubscriptionScope & { subscriptionId: string };
}): Promise<{ deliveries: DeliveryView[] }> {
  const subscription = await ownSubscription(ctx.db, requireAccountId(ctx), input, input.subscriptionId);
  const deliveries = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscription.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_LIMIT);
  const attempts = deliveries.length
    ? await ctx.db
        .select()
        .from(webhookDeliveryAttempts)
        .where(
          inArray(
            webhookDeliveryAttempts.deliveryId,
            deliveries.map((delivery) => delivery.id),
          ),
        )
        .orderBy(asc(webhookDeliveryAttempts.attempt))
    : [];
  const nextAttempts = await nextAttemptsOf(
    ctx.db,
    deliveries.filter((delivery) => delivery.state === 'PENDING').map((delivery) => delivery.id),
  );
  return {
    deliveries: deliveries.map((delivery) => ({
      deliveryId: delivery.id,
      webhookId: delivery.webhookId,
      event: JSON.parse(delivery.body) as DeliveryView['event'],
      attempts: attempts
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .map((attempt) => ({
          at: attempt.startedAt.toISOString(),
          ...(attempt.httpStatus !== null ? { httpStatus: attempt.httpStatus } : {}),
          ...(attempt.error !== null ? { error: attempt.error } : {}),
          durationMs: attempt.durationMs,
        })),
      state: delivery.state,
      ...(nextAttempts.has(delivery.id) ? { nextAttemptAt: nextAttempts.get(delivery.id)!.toISOString() } : {}),
    })),
  };
}

/**
 * When the queue runs each pending delivery's job next (its `run_at`): the moment of the next attempt, shown in
 * the log so a developer waiting for a retry knows how long. Only unfinished jobs are read (the queue's own index).
 */
async function nextAttemptsOf(db: DbOrTx, deliveryIds: string[]): Promise<Map<string, Date>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await db
    .select({ deliveryId: sql<string>`${jobs.payload}->>'deliveryId'`, runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.kind, 'webhook.deliver'), isNull(jobs.completedAt), isNull(jobs.failedAt), inArray(sql`${jobs.payload}->>'deliveryId'`, deliveryIds)));
  return new Map(rows.map((row) => [row.deliveryId, row.runAt]));
}
