import { sql, type SQL } from 'drizzle-orm';
import type { LegalEvent } from '@/lib/domain/legal-events';
import type { DbOrTx } from '@/server/db/client';
import type { documentEvents } from '@/server/db/schema';
import { eventBody, queueDeliveries, subscriptionsReachingQuery } from './queue-delivery';

type EventRow = typeof documentEvents.$inferInsert;

/**
 * The event rows of a commit (spec §6: subscribers are called on every status change; contract §14: a legal event is
 * sent with the unchanged status): one per status change, then one per legal event. The commit writer inserts them in
 * its statement, so an event and its deliveries exist exactly when the change does, and none is lost.
 */
export function eventRowsOf(documentId: string, commitId: string, newStatus: string | null, status: string, legalEvent: LegalEvent | undefined): EventRow[] {
  const rows: EventRow[] = [];
  if (newStatus !== null) rows.push({ documentId, commitId, type: 'STATUS_CHANGED', status: newStatus });
  if (legalEvent) rows.push({ documentId, commitId, type: 'LEGAL_EVENT', status, event: legalEvent });
  return rows;
}

/** The ids of the subscriptions the document's events reach, as one JSON array (a subquery of the commit's statement). */
export function subscriptionsReachingJson(documentId: string): SQL {
  return sql`select coalesce(json_agg(id order by created_at, id), '[]') from (${subscriptionsReachingQuery(documentId)}) reached`;
}

/** A JSON column read back by either driver (postgres-js parses it, PGlite may hand over the text). */
export function jsonValue<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * One webhook delivery per subscription an event reaches, queued in the transaction of its commit. A document
 * created as a draft has no status change to tell yet (spec §3 calls subscribers from ISSUED on).
 */
export async function queueEventDeliveries(db: DbOrTx, documentId: string, events: EventRow[], eventIds: number[], subscriptions: string[]) {
  if (subscriptions.length === 0) return;
  const deliveries = events.flatMap((event, index) => {
    if (event.type === 'STATUS_CHANGED' && event.status === 'DRAFT') return [];
    const body = event.type === 'LEGAL_EVENT' ? eventBody(documentId, event.status, event.event ?? undefined) : eventBody(documentId, event.status);
    return subscriptions.map((subscriptionId) => ({ subscriptionId, body, eventId: eventIds[index] ?? null }));
  });
  await queueDeliveries(db, deliveries);
}
