import { and, eq, isNull, sql } from 'drizzle-orm';
import { accountOfActor, type Actor } from '@/lib/domain/actor';
import type { LegalEvent } from '@/lib/domain/legal-events';
import { canMove } from '@/lib/domain/document-status';
import type { DbOrTx } from '@/server/db/client';
import { documentApprovals, documentComments, documentCommits, documentLegalEvents, documentSnapshots, freightDocuments } from '@/server/db/schema';
import { fail } from '@/server/errors';
import type { DocumentRow, RoleRow } from '../access/load-document';
import { commitIdOf, type ChangeType, type CommitFields } from './commits';
import { recordLegalEvent, recordStatusChange } from './document-events';
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
}

/**
 * The one commit writer (contract §6): every change, creation included, checks its move against the state
 * machine (4.29), stores the snapshot of the legal content it leads to, appends a commit whose contentHash is
 * that snapshot's hash, moves the heads, gives the approvals and comments the change added their commit, and
 * records one event per status change, all in the caller's transaction.
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
  await tx.insert(documentSnapshots).values({ contentHash, body: snapshot }).onConflictDoNothing();

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
  await tx.insert(documentCommits).values({
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
  });

  if (input.addsRecords) {
    await tx
      .update(documentApprovals)
      .set({ commitId })
      .where(and(eq(documentApprovals.documentId, document.id), isNull(documentApprovals.commitId)));
    await tx
      .update(documentComments)
      .set({ commitId })
      .where(and(eq(documentComments.documentId, document.id), isNull(documentComments.commitId)));
    await tx
      .update(documentLegalEvents)
      .set({ commitId })
      .where(and(eq(documentLegalEvents.documentId, document.id), isNull(documentLegalEvents.commitId)));
  }

  const heads = document.headCommits.filter((head) => !parents.includes(head)).concat(commitId);
  const [updated] = await tx
    .update(freightDocuments)
    .set({
      ...set,
      headCommits: heads,
      lastModifiedDateTime: input.serverTime,
      ...(input.changesStructuredGoods ? { structuredGoodsCommitId: commitId } : {}),
    })
    .where(eq(freightDocuments.id, document.id))
    .returning();
  if (statusChanged) await recordStatusChange(tx, { documentId: document.id, commitId, status: after.status });
  if (input.legalEvent) await recordLegalEvent(tx, { documentId: document.id, commitId, status: after.status, event: input.legalEvent });
  return { commitId, document: updated! };
}
