import { eq } from 'drizzle-orm';
import type { SubscriptionScope } from '@/lib/schemas/subscriptions';
import { webhookSubscriptions } from '@/server/db/schema';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { ownSubscription } from './subscription-scope';

/** DELETE …/subscriptions/{subscriptionId} (contract §11): the subscription and its delivery log; queued deliveries end unsent. */
export async function deleteSubscription({ ctx, input }: { ctx: ServiceContext; input: SubscriptionScope & { subscriptionId: string } }) {
  const accountId = requireAccountId(ctx);
  await inTransaction(ctx, async (tx) => {
    const subscription = await ownSubscription(tx, accountId, input, input.subscriptionId);
    await tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, subscription.id));
  });
}
