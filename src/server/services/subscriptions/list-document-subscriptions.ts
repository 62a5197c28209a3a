import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { freightDocuments, webhookSubscriptions } from '@/server/db/schema';
import { requireAccountId, type ServiceContext } from '../context';
import { loadDelegationSources } from '../access/delegation-sources';
import { visibleTo } from '../access/visibility';
import { subscriptionViewOf } from './subscription-scope';

/**
 * The caller's subscriptions to single documents, across all documents it may still see (the portal's Webhooks
 * screen; the REST API lists them per document). A document the caller lost its role in is left out: its
 * subscriptions hear nothing more and can no longer be managed there either.
 */
export async function listDocumentSubscriptions({ ctx }: { ctx: ServiceContext }) {
  const accountId = requireAccountId(ctx);
  const sources = await loadDelegationSources(ctx.db, accountId);
  const rows = await ctx.db
    .select({ subscription: webhookSubscriptions, serviceNumber: freightDocuments.serviceNumber })
    .from(webhookSubscriptions)
    .innerJoin(freightDocuments, eq(freightDocuments.id, webhookSubscriptions.documentId))
    .where(and(eq(webhookSubscriptions.accountId, accountId), isNotNull(webhookSubscriptions.documentId), visibleTo(accountId, sources)))
    .orderBy(asc(freightDocuments.serviceNumber), asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id));
  return {
    subscriptions: rows.map(({ subscription, serviceNumber }) => ({
      ...subscriptionViewOf(subscription),
      freightDocumentId: subscription.documentId!,
      serviceNumber,
    })),
  };
}
