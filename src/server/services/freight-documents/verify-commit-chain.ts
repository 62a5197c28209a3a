import { asc, eq, inArray } from 'drizzle-orm';
import { getBlobStore, type BlobStore } from '@/server/blobs';
import type { DbOrTx } from '@/server/db/client';
import { documentCommits, documentRoles, documentSnapshots, freightDocuments } from '@/server/db/schema';
import { commitFieldsOf, commitIdOf } from './commits';
import { loadAttachmentDigests, loadStoredDigests } from './attachment-columns';
import { FIRST_SNAPSHOT_VERSION, hashSnapshot, loadTransferRecords, snapshotOf, type Snapshot } from './snapshot';

export type ChainBreak =
  /** The commit's id is not the hash of its fields, or a parent is not an earlier commit of the document. */
  | 'COMMIT_ID'
  | 'PARENTS'
  /** The stored snapshot is missing or does not hash to the commit's contentHash. */
  | 'SNAPSHOT'
  /** An attachment the snapshot names has other bytes now. */
  | 'ATTACHMENT'
  /** An approval or comment names another commit than the first one whose snapshot holds it. */
  | 'RECORD'
  /** The document as stored now is not what its latest commit describes. */
  | 'CURRENT_STATE';

export type ChainVerification =
  { intact: true; commits: number; verifiedContent: number } | { intact: false; commitId: string; sequence: number; reason: ChainBreak; detail?: string };

/**
 * Recomputes a document's whole commit chain (contract §6, §9): every commit id from its fields, every v2
 * contentHash from its stored snapshot, every attachment's bytes against the digest the first snapshot naming
 * it recorded, and the current document against its latest commit. Version 1 commits (made before snapshots
 * were kept) are checked by id and parents only; version 2 and 3 snapshots hash as stored. Names the first commit where the chain breaks.
 */
export async function verifyCommitChain(db: DbOrTx, documentId: string, blobs: BlobStore = getBlobStore()): Promise<ChainVerification> {
  const commits = await db.select().from(documentCommits).where(eq(documentCommits.documentId, documentId)).orderBy(asc(documentCommits.sequence));
  const hashes = [...new Set(commits.filter((commit) => commit.hashVersion >= FIRST_SNAPSHOT_VERSION).map((commit) => commit.contentHash))];
  const snapshots = new Map(
    (hashes.length ? await db.select().from(documentSnapshots).where(inArray(documentSnapshots.contentHash, hashes)) : []).map((row) => [
      row.contentHash,
      row.body,
    ]),
  );
  const actualDigest = await loadStoredDigests(db, documentId, blobs);
  const records = await loadTransferRecords(db, documentId);
  const recordCommit = new Map([...records.approvals, ...records.comments, ...records.legalEvents].map((record) => [record.id, record.commitId]));
  const checkedRecords = new Set<string>();

  const seen = new Set<string>();
  const checkedAttachments = new Set<string>();
  let verifiedContent = 0;
  for (const commit of commits) {
    const broken = (reason: ChainBreak, detail?: string): ChainVerification => ({
      intact: false,
      commitId: commit.id,
      sequence: commit.sequence,
      reason,
      detail,
    });
    if (commitIdOf(commitFieldsOf(commit)) !== commit.id) return broken('COMMIT_ID');
    if (commit.previousCommits.some((parent) => !seen.has(parent))) return broken('PARENTS');
    seen.add(commit.id);
    if (commit.hashVersion < FIRST_SNAPSHOT_VERSION) continue;
    const snapshot = snapshots.get(commit.contentHash);
    if (!snapshot || hashSnapshot(snapshot) !== commit.contentHash) return broken('SNAPSHOT');
    for (const file of (snapshot as Snapshot).attachments) {
      if (checkedAttachments.has(file.attachmentId)) continue;
      checkedAttachments.add(file.attachmentId);
      if (actualDigest.get(file.attachmentId) !== file.sha256) return broken('ATTACHMENT', file.attachmentId);
    }
    const transfers = (
      snapshot as { transfers?: { approvals: { approvalId: string }[]; comments: { commentId: string }[]; legalEvents?: { eventId: string }[] } }
    ).transfers;
    for (const id of [
      ...(transfers?.approvals.map((approval) => approval.approvalId) ?? []),
      ...(transfers?.comments.map((comment) => comment.commentId) ?? []),
      ...(transfers?.legalEvents?.map((event) => event.eventId) ?? []),
    ]) {
      if (checkedRecords.has(id)) continue;
      checkedRecords.add(id);
      if (recordCommit.get(id) !== commit.id) return broken('RECORD', id);
    }
    verifiedContent += 1;
  }

  const latest = commits.at(-1);
  if (latest && latest.hashVersion >= FIRST_SNAPSHOT_VERSION) {
    const [document] = await db.select().from(freightDocuments).where(eq(freightDocuments.id, documentId));
    const roles = await db.select().from(documentRoles).where(eq(documentRoles.documentId, documentId));
    // Built as the latest commit's version built it: a document untouched since version 2 still verifies.
    const current = snapshotOf(document!, roles, await loadAttachmentDigests(db, documentId), records, latest.hashVersion);
    if (hashSnapshot(current) !== latest.contentHash) {
      return { intact: false, commitId: latest.id, sequence: latest.sequence, reason: 'CURRENT_STATE' };
    }
  }
  return { intact: true, commits: commits.length, verifiedContent };
}
