import { and, eq } from 'drizzle-orm';
import type { SubscriptionScope } from '@/lib/schemas/subscriptions';
import { webhookDeliveries } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { limitManualSends } from './manual-sends';
import { queueDeliveries } from '../document/queue-delivery';
import { ownSubscription } from './subscription-scope';

/**
 * POST …/subscriptions/{subscriptionId}/deliveries/{deliveryId}/redeliver (contract §11): sends the event again
 * as a new delivery (three attempts of its own) with the same body and the same `webhook-id`, so a receiver that
 * keeps ids sees it is the same event. 4.1 for a delivery that is not of this subscription.
 */
export async function redeliver({ ctx, input }: { ctx: ServiceContext; input: SubscriptionScope & { subscriptionId: string; deliveryId: string } }) {
  const accountId = requireAccountId(ctx);
  return inTransaction(ctx, async (tx) => {
    const subscription = await ownSubscription(tx, accountId, input, input.subscriptionId);
    const [original] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, input.deliveryId), eq(webhookDeliveries.subscriptionId, subscription.id)));
    if (!original) fail('4.1');
    // Counted once the send is known to be the caller's own: a refusal (4.47, 4.1) costs nothing and tells nothing.
    await limitManualSends({ ...ctx, db: tx }, accountId);
    const [deliveryId] = await queueDeliveries(tx, [
      { subscriptionId: subscription.id, body: original.body, eventId: original.eventId, webhookId: original.webhookId },
    ]);
    return { deliveryId: deliveryId! };
  });
}
