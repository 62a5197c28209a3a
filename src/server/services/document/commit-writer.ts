import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { digestOf, HASH_VERSION, partDigestsOf, PART_NAMES, recordsRootOf } from '@/lib/chain/formula';
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

import { loadParents, loadRecordEntries } from './chain-records';
import { commitIdOf, type ChangeType, type CommitFields } from './commits';
import { eventRowsOf, jsonValue, queueEventDeliveries, subscriptionsReachingJson } from './document-events';
import { loadAttachmentDigests } from './attachment-columns';
import { commitContentOf, documentHeadOf, documentPartsFor, type AttachmentDigest } from './snapshot';
import type { DocumentRow, RoleRow } from './rows';

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
  /** When the client made the change (contract §7: the server's time when it did not say). */
  clientTime?: Date;
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
 * machine (4.29), stores the content it leads to (lib/chain/formula.ts, version 5: the document's columns inline,
 * its large parts and its records by digest, so what a commit stores grows with its change, not with the history),
 * appends a commit whose contentHash is that content's hash, moves the heads, gives the approvals, comments and
 * legal events the change added their commit, and records one event per status change, all in the caller's
 * transaction and, after the reads it needs, in one statement (issue 24: the content, the commit, the heads, the
 * events, the subscriptions they reach and the change's `writes`).
 */
export async function writeCommit(tx: DbOrTx, input: CommitInput): Promise<{ commitId: string; document: DocumentRow }> {
  const { document, set = {}, statusBefore } = input;
  const after: DocumentRow = { ...document, ...set };
  const statusChanged = after.status !== statusBefore;
  if (statusChanged && !canMove(statusBefore, after.status)) fail('4.29');

  const parents = [...new Set(input.previousCommits ?? document.headCommits)];
  // The heads a change names carry their roots and parts on the document (chainHeads): an older head is read.
  const known = document.chainHeads ?? {};
  const [added, fromParents] = await Promise.all([
    input.addsRecords ? loadRecordEntries(tx, document.id, null) : [],
    parents.every((parent) => known[parent])
      ? { roots: parents.map((parent) => known[parent]!.recordsRoot), partDigests: new Set(parents.flatMap((parent) => Object.values(known[parent]!.parts))) }
      : loadParents(tx, document.id, parents),
  ]);
  const recordsRoot = recordsRootOf(
    fromParents.roots,
    added.map((entry) => entry.digest),
  );
  const parts = documentPartsFor(after, input.roles, input.files ?? (await loadAttachmentDigests(tx, document.id)));
  const partDigests = partDigestsOf(parts);
  const content = commitContentOf(documentHeadOf(after), partDigests, recordsRoot);
  const contentHash = digestOf(content);
  const writes: BatchedWrite[] = [tx.insert(documentSnapshots).values({ contentHash, body: content }).onConflictDoNothing()];
  const newParts = PART_NAMES.filter((name) => !fromParents.partDigests.has(partDigests[name]));
  if (newParts.length > 0) {
    writes.push(
      tx
        .insert(documentSnapshots)
        .values(newParts.map((name) => ({ contentHash: partDigests[name], body: parts[name] as Record<string, unknown> })))
        .onConflictDoNothing(),
    );
  }

  const fields: CommitFields = {
    freightDocumentId: document.id,
    changeType: input.changeType,
    accountId: accountOfActor(input.actor),
    newFreightDocumentStatus: statusChanged ? after.status : null,
    previousCommits: parents,
    createDateTimeClient: (input.clientTime ?? input.serverTime).toISOString(),
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
      hashVersion: HASH_VERSION,
      recordsRoot,
      newStatus: fields.newFreightDocumentStatus,
      previousCommits: [...parents].sort(),
      contentHash,
      createDateTimeClient: input.clientTime ?? input.serverTime,
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
  const chainHeads = Object.fromEntries([
    ...heads.filter((head) => known[head]).map((head) => [head, known[head]!] as const),
    [commitId, { recordsRoot, parts: partDigests }] as const,
  ]);
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
      chainHeads,
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
