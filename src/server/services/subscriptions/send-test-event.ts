import type { SubscriptionScope } from '@/lib/schemas/subscriptions';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { limitManualSends } from './manual-sends';
import { eventBody, queueDeliveries } from '../document/queue-delivery';
import { ownSubscription } from './subscription-scope';

/** The `freightDocumentId` of a test event to an account-wide subscription, which names no document. */
export const TEST_EVENT_DOCUMENT_ID = '00000000-0000-0000-0000-000000000000';

/**
 * POST …/subscriptions/{subscriptionId}/test (contract §11): queues an event with status `TEST`, signed and
 * delivered like every other (202 with its deliveryId, to follow in the delivery log).
 */
export async function sendTestEvent({ ctx, input }: { ctx: ServiceContext; input: SubscriptionScope & { subscriptionId: string } }) {
  const accountId = requireAccountId(ctx);
  return inTransaction(ctx, async (tx) => {
    const subscription = await ownSubscription(tx, accountId, input, input.subscriptionId);
    // Counted once the send is known to be the caller's own: a refusal (4.47, 4.1) costs nothing and tells nothing.
    await limitManualSends({ ...ctx, db: tx }, accountId);
    const [deliveryId] = await queueDeliveries(tx, [
      { subscriptionId: subscription.id, body: eventBody(subscription.documentId ?? TEST_EVENT_DOCUMENT_ID, 'TEST') },
    ]);
    return { deliveryId: deliveryId! };
  });
}
