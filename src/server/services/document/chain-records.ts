import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  HASH_VERSION,
  PART_NAMES,
  addedRecord,
  approvalRecordOf,
  commentRecordOf,
  legalEventRecordOf,
  recordsRootOf,
  type AddedRecord,
  type AttachmentDigest,
  type CommitContent,
} from '@/lib/chain/formula';
import type { DbOrTx } from '@/server/db/client';
import { attachments, documentApprovals, documentComments, documentCommits, documentLegalEvents, documentSnapshots } from '@/server/db/schema';
import { ATTACHMENT_SUMMARY } from './attachment-columns';
import type { ApprovalRow, CommentRow, LegalEventRow } from './rows';

/** A document's approvals, comments and legal events, each with the commit that added it (null: being added now). */
export interface RecordRows {
  approvals: ApprovalRow[];
  comments: CommentRow[];
  legalEvents: LegalEventRow[];
}

/** The attachments records name (a comment's photos, a signature, an event's photos), by id, removed ones included. */
export async function loadAttachmentDigestMap(db: DbOrTx, documentId: string, ids?: string[]): Promise<Map<string, AttachmentDigest>> {
  if (ids && ids.length === 0) return new Map();
  const rows = await db
    .select({ ...ATTACHMENT_SUMMARY, sha256: attachments.sha256 })
    .from(attachments)
    .where(ids ? and(eq(attachments.documentId, documentId), inArray(attachments.id, ids)) : eq(attachments.documentId, documentId));
  return new Map(rows.map((row) => [row.attachmentId, row]));
}

const attachmentIdsOf = (rows: RecordRows) => [
  ...rows.approvals.flatMap((approval) => (approval.attachmentId ? [approval.attachmentId] : [])),
  ...rows.comments.flatMap((comment) => comment.attachmentIds),
  ...rows.legalEvents.flatMap((event) => event.attachmentIds),
];

/** Each record as first written (lib/chain/formula.ts), with its digest and the commit it belongs to. */
export function recordEntriesOf(rows: RecordRows, files: ReadonlyMap<string, AttachmentDigest>): (AddedRecord & { commitId: string | null })[] {
  return [
    ...rows.approvals.map((row) => ({ ...addedRecord('APPROVAL', approvalRecordOf(row, files)), commitId: row.commitId })),
    ...rows.comments.map((row) => ({ ...addedRecord('COMMENT', commentRecordOf(row, files)), commitId: row.commitId })),
    ...rows.legalEvents.map((row) => ({ ...addedRecord('LEGAL_EVENT', legalEventRecordOf(row, files)), commitId: row.commitId })),
  ];
}

/** The records of a document whose commit is `commitIds` (or, with `null`, the ones a change is adding now), with their digests. */
export async function loadRecordEntries(db: DbOrTx, documentId: string, commitIds: string[] | null) {
  const of = <T extends typeof documentApprovals | typeof documentComments | typeof documentLegalEvents>(table: T) =>
    and(eq(table.documentId, documentId), commitIds === null ? isNull(table.commitId) : inArray(table.commitId, commitIds));
  if (commitIds !== null && commitIds.length === 0) return [];
  const [approvals, comments, legalEvents] = await Promise.all([
    db.select().from(documentApprovals).where(of(documentApprovals)),
    db.select().from(documentComments).where(of(documentComments)),
    db.select().from(documentLegalEvents).where(of(documentLegalEvents)),
  ]);
  const rows = { approvals, comments, legalEvents };
  return recordEntriesOf(rows, await loadAttachmentDigestMap(db, documentId, [...new Set(attachmentIdsOf(rows))]));
}

/**
 * What a new commit takes from its parents: their records roots, and the part digests their (version 5) contents
 * name (a part one of them names is stored already). A commit made before version 5 has no root stored yet: the
 * roots of the whole document are then folded once from its records (in commit order) and kept on every commit,
 * so the next change reads them.
 */
export async function loadParents(db: DbOrTx, documentId: string, parents: string[]): Promise<{ roots: string[]; partDigests: Set<string> }> {
  if (parents.length === 0) return { roots: [], partDigests: new Set() };
  const rows = await db
    .select({
      id: documentCommits.id,
      recordsRoot: documentCommits.recordsRoot,
      parts: sql<CommitContent['parts'] | null>`case when ${documentCommits.hashVersion} = ${HASH_VERSION} then ${documentSnapshots.body} -> 'parts' end`,
    })
    .from(documentCommits)
    .leftJoin(documentSnapshots, eq(documentSnapshots.contentHash, documentCommits.contentHash))
    .where(and(eq(documentCommits.documentId, documentId), inArray(documentCommits.id, parents)));
  const partDigests = new Set(rows.flatMap((row) => (row.parts ? PART_NAMES.map((name) => row.parts![name]) : [])));
  if (rows.every((row) => row.recordsRoot !== null)) return { roots: rows.map((row) => row.recordsRoot!), partDigests };
  const roots = await foldAllRoots(db, documentId);
  return { roots: parents.map((id) => roots.get(id)!), partDigests };
}

/** Folds and stores the roots of every commit of a document that has none (a history made before version 5). */
async function foldAllRoots(db: DbOrTx, documentId: string): Promise<Map<string, string>> {
  const commits = await db
    .select({ id: documentCommits.id, previousCommits: documentCommits.previousCommits, recordsRoot: documentCommits.recordsRoot })
    .from(documentCommits)
    .where(eq(documentCommits.documentId, documentId))
    .orderBy(asc(documentCommits.sequence));
  const entries = await loadRecordEntries(
    db,
    documentId,
    commits.map((commit) => commit.id),
  );
  const digestsOf = new Map<string, string[]>();
  for (const entry of entries) digestsOf.set(entry.commitId!, [...(digestsOf.get(entry.commitId!) ?? []), entry.digest]);
  const roots = new Map<string, string>();
  const missing: { id: string; root: string }[] = [];
  for (const commit of commits) {
    const root =
      commit.recordsRoot ??
      recordsRootOf(
        commit.previousCommits.map((parent) => roots.get(parent)!),
        digestsOf.get(commit.id) ?? [],
      );
    roots.set(commit.id, root);
    if (commit.recordsRoot === null) missing.push({ id: commit.id, root });
  }
  if (missing.length > 0) {
    const values = sql.join(
      missing.map((entry) => sql`(${entry.id}, ${entry.root})`),
      sql`, `,
    );
    await db.execute(sql`update document_commits set records_root = v.root from (values ${values}) as v(id, root) where document_commits.id = v.id`);
  }
  return roots;
}
