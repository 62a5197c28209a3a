import { asc } from 'drizzle-orm';
import type { SubscriptionScope } from '@/lib/schemas/subscriptions';
import { webhookSubscriptions } from '@/server/db/schema';
import { requireAccountId, type ServiceContext } from '../context';
import { subscriptionScopeOf, subscriptionViewOf } from './subscription-scope';

/** GET …/subscriptions (contract §11): the caller's subscriptions on the document, or its account-wide ones, oldest first. */
export async function listSubscriptions({ ctx, input }: { ctx: ServiceContext; input: SubscriptionScope }) {
  const { where } = await subscriptionScopeOf(ctx.db, requireAccountId(ctx), input);
  const rows = await ctx.db.select().from(webhookSubscriptions).where(where).orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id));
  return { subscriptions: rows.map(subscriptionViewOf) };
}
