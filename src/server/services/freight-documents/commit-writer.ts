import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { accountOfActor, type Actor } from '@/lib/domain/actor';
import type { LegalEvent } from '@/lib/domain/legal-events';
import { canMove } from '@/lib/domain/document-status';
import { writeSql, type BatchedWrite } from '@/server/db/batched-writes';
import type { DbOrTx } from '@/server/db/client';
import {
  documentApprovals,
  documentComments,
  documentCommits,
  documentEvents,
  documentLegalEvents,
  documentSnapshots,
  freightDocuments,
} from '@/server/db/schema';
import { fail } from '@/server/errors';
import type { DocumentRow, RoleRow } from '../access/load-document';
import { commitIdOf, type ChangeType, type CommitFields } from './commits';
import { eventRowsOf, jsonValue, queueEventDeliveries, subscriptionsReachingJson } from './document-events';
import { loadAttachmentDigests } from './attachment-columns';
import { hashSnapshot, loadTransferRecords, NO_TRANSFER_RECORDS, SNAPSHOT_VERSION, snapshotOf, type AttachmentDigest } from './snapshot';

export interface CommitInput {
  /** The document as it was locked (on creation: as just inserted, with no heads). */
  document: DocumentRow;
  /** Its status before the change; null when the change creates it. */
  statusBefore: DocumentRow['status'] | null;
  /** Columns the change sets (status, content, dates…). */
  set?: Partial<Omit<DocumentRow, 'id' | 'headCommits' | 'lastModifiedDateTime'>>;
  /** The roles after the change. */
  roles: RoleRow[];
  changeType: ChangeType;
  actor: Actor;
  /** The heads the client saw; the new commit's parents. Default: the current heads. */
  previousCommits?: string[];
  clientTime?: Date | null;
  serverTime: Date;
  changesStructuredGoods?: boolean;
  /** The change inserted approvals or comments (without a commit yet): they belong to this commit. */
  addsRecords?: boolean;
  /** The legal event of contract §14 this commit records: subscribers hear of it with the unchanged status. */
  legalEvent?: LegalEvent;
  /** The document's current attachments with their digests, when the caller already holds them: saves reading them again. */
  files?: AttachmentDigest[];
  /** Writes of the change that need nothing back (transfer secrets, mail, the address book): sent with the commit's statement. */
  writes?: BatchedWrite[];
}

/**
 * The one commit writer (contract §6): every change, creation included, checks its move against the state
 * machine (4.29), stores the snapshot of the legal content it leads to, appends a commit whose contentHash is
 * that snapshot's hash, moves the heads, gives the approvals and comments the change added their commit, and
 * records one event per status change, all in the caller's transaction and, after the reads it needs, in one statement
 * (issue 24: the snapshot, the commit, the heads, the events, the subscriptions they reach and the change's `writes`).
 */
export async function writeCommit(tx: DbOrTx, input: CommitInput): Promise<{ commitId: string; document: DocumentRow }> {
  const { document, set = {}, statusBefore } = input;
  const after: DocumentRow = { ...document, ...set };
  const statusChanged = after.status !== statusBefore;
  if (statusChanged && !canMove(statusBefore, after.status)) fail('4.29');

  // Approvals and comments exist only once a document is issued.
  const hasRecords = statusBefore !== null && statusBefore !== 'DRAFT';
  const records = hasRecords ? await loadTransferRecords(tx, document.id) : NO_TRANSFER_RECORDS;
  const snapshot = snapshotOf(after, input.roles, input.files ?? (await loadAttachmentDigests(tx, document.id)), records);
  const contentHash = hashSnapshot(snapshot);
  const writes: BatchedWrite[] = [tx.insert(documentSnapshots).values({ contentHash, body: snapshot }).onConflictDoNothing()];

  const parents = [...new Set(input.previousCommits ?? document.headCommits)];
  const fields: CommitFields = {
    freightDocumentId: document.id,
    changeType: input.changeType,
    accountId: accountOfActor(input.actor),
    newFreightDocumentStatus: statusChanged ? after.status : null,
    previousCommits: parents,
    createDateTimeClient: input.clientTime ? input.clientTime.toISOString() : null,
    createDateTimeServer: input.serverTime.toISOString(),
    contentHash,
  };
  const commitId = commitIdOf(fields);
  writes.push(
    tx.insert(documentCommits).values({
      id: commitId,
      documentId: document.id,
      sequence: sql`(select coalesce(max(sequence), 0) + 1 from document_commits where document_id = ${document.id})`,
      changeType: input.changeType,
      accountId: fields.accountId,
      actor: input.actor,
      hashVersion: SNAPSHOT_VERSION,
      newStatus: fields.newFreightDocumentStatus,
      previousCommits: [...parents].sort(),
      contentHash,
      createDateTimeClient: input.clientTime ?? null,
      createDateTimeServer: input.serverTime,
    }),
  );

  if (input.addsRecords) {
    writes.push(
      tx
        .update(documentApprovals)
        .set({ commitId })
        .where(and(eq(documentApprovals.documentId, document.id), isNull(documentApprovals.commitId))),
      tx
        .update(documentComments)
        .set({ commitId })
        .where(and(eq(documentComments.documentId, document.id), isNull(documentComments.commitId))),
      tx
        .update(documentLegalEvents)
        .set({ commitId })
        .where(and(eq(documentLegalEvents.documentId, document.id), isNull(documentLegalEvents.commitId))),
    );
  }
  writes.push(...(input.writes ?? []));

  // One event row per status change and per legal event (spec §6, contract §14), in one INSERT so their ids keep
  // this order; the subscriptions they reach are read in the same statement (roles written by earlier statements
  // of the transaction count; none is written by this one).
  const events = eventRowsOf(document.id, commitId, statusChanged ? after.status : null, after.status, input.legalEvent);
  const heads = document.headCommits.filter((head) => !parents.includes(head)).concat(commitId);
  const ctes = writes.map((write, index) => tx.$with(`fds_w${index}`, {}).as(writeSql(write)));
  const eventsCte =
    events.length > 0 ? tx.$with('fds_events', {}).as(tx.insert(documentEvents).values(events).returning({ id: documentEvents.id }).getSQL()) : undefined;
  const reachesSubscribers = events.some((event) => event.status !== 'DRAFT' || event.type === 'LEGAL_EVENT');
  const [updated] = await tx
    .with(...ctes, ...(eventsCte ? [eventsCte] : []))
    .update(freightDocuments)
    .set({
      ...set,
      headCommits: heads,
      lastModifiedDateTime: input.serverTime,
      ...(input.changesStructuredGoods ? { structuredGoodsCommitId: commitId } : {}),
    })
    .where(eq(freightDocuments.id, document.id))
    .returning({
      ...getTableColumns(freightDocuments),
      eventIds: eventsCte ? sql<unknown>`(select json_agg(id order by id) from fds_events)` : sql<unknown>`null`,
      subscriptions: reachesSubscribers ? sql<unknown>`(${subscriptionsReachingJson(document.id)})` : sql<unknown>`null`,
    });
  const { eventIds, subscriptions, ...row } = updated!;
  if (reachesSubscribers) await queueEventDeliveries(tx, document.id, events, jsonValue<number[]>(eventIds) ?? [], jsonValue<string[]>(subscriptions) ?? []);
  return { commitId, document: row as DocumentRow };
}
