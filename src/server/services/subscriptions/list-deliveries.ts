import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DeliveryView, SubscriptionScope } from '@/lib/schemas/subscriptions';
import { webhookDeliveries, webhookDeliveryAttempts } from '@/server/db/schema';
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
    })),
  };
}
