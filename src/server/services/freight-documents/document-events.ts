import type { LegalEvent } from '@/lib/domain/legal-events';
import type { DbOrTx } from '@/server/db/client';
import { documentEvents } from '@/server/db/schema';
import { eventBody, queueDeliveries, subscriptionsReaching } from '../subscriptions/queue-delivery';

/**
 * One event row per status change, in the transaction of its commit (spec §6: subscribers are called on every
 * status change), and one webhook delivery per subscription it reaches, queued in the same transaction: an event
 * and its deliveries exist exactly when the change does, so none is lost.
 */
export async function recordStatusChange(db: DbOrTx, input: { documentId: string; commitId: string; status: string }) {
  const [event] = await db
    .insert(documentEvents)
    .values({ documentId: input.documentId, commitId: input.commitId, type: 'STATUS_CHANGED', status: input.status })
    .returning({ id: documentEvents.id });
  // A document created as a draft has no status change yet (spec §3 calls subscribers from ISSUED on).
  if (input.status === 'DRAFT') return;
  const subscriptions = await subscriptionsReaching(db, input.documentId);
  const body = eventBody(input.documentId, input.status);
  await queueDeliveries(
    db,
    subscriptions.map((subscriptionId) => ({ subscriptionId, body, eventId: event!.id })),
  );
}

/**
 * A legal event of contract §14 (a reservation, an instruction …): an event row and one delivery per subscription
 * it reaches, with the unchanged status and the `event`, in the transaction of its commit.
 */
export async function recordLegalEvent(db: DbOrTx, input: { documentId: string; commitId: string; status: string; event: LegalEvent }) {
  const [row] = await db
    .insert(documentEvents)
    .values({ documentId: input.documentId, commitId: input.commitId, type: 'LEGAL_EVENT', status: input.status, event: input.event })
    .returning({ id: documentEvents.id });
  const subscriptions = await subscriptionsReaching(db, input.documentId);
  const body = eventBody(input.documentId, input.status, input.event);
  await queueDeliveries(
    db,
    subscriptions.map((subscriptionId) => ({ subscriptionId, body, eventId: row!.id })),
  );
}
