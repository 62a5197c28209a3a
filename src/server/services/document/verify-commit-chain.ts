import { and, asc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { checkCommitContent, digestOf, HASH_VERSION, PART_NAMES, recordsRootOf, type AddedRecord, type CommitContent } from '@/lib/chain/formula';
import { getBlobStore, type BlobStore } from '@/server/blobs';
import type { DbOrTx } from '@/server/db/client';
import {
  documentApprovals,
  documentComments,
  documentCommits,
  documentLegalEvents,
  documentRoles,
  documentSnapshots,
  freightDocuments,
} from '@/server/db/schema';
import { loadAttachmentDigestMap, recordEntriesOf } from './chain-records';
import { commitFieldsOf, commitIdOf } from './commits';
import { loadAttachmentDigests, loadStoredDigests } from './attachment-columns';
import {
  commitContentOf,
  documentHeadOf,
  documentPartsFor,
  FIRST_SNAPSHOT_VERSION,
  hashSnapshot,
  loadTransferRecords,
  snapshotOf,
  type Snapshot,
} from './snapshot';
import { timeSlices } from './time-slices';
import type { CommitRow } from './rows';

export type ChainBreak =
  /** The commit's id is not the hash of its fields, or a parent is not an earlier commit of the document. */
  | 'COMMIT_ID'
  | 'PARENTS'
  /** The stored content (or a part it names) is missing or does not hash to the commit's contentHash (or the part's digest). */
  | 'SNAPSHOT'
  /** An attachment the content names has other bytes now. */
  | 'ATTACHMENT'
  /** The records bound to the commit do not fold to its records root, or a record names no commit of the document. */
  | 'RECORD'
  /** The document as stored now is not what its latest commit describes. */
  | 'CURRENT_STATE';

export type ChainVerification =
  { intact: true; commits: number; verifiedContent: number } | { intact: false; commitId: string; sequence: number; reason: ChainBreak; detail?: string };

/** Where an earlier check of an intact chain stopped: the next one verifies only the commits after it. */
export interface VerifiedPoint {
  sequence: number;
  commits: number;
  verifiedContent: number;
}

/** Which commits a check verifies: those after `since` (an intact chain up to there), up to `until` (a sequence). */
export interface ChainRange {
  since?: VerifiedPoint;
  until?: number;
  /** Whether the document is still at `until` (no change since): only then does a mismatch of its stored state count. */
  unchanged?: () => Promise<boolean>;
  /** Where the attachments' bytes are read from (the configured store by default). */
  blobs?: BlobStore;
}

const RECORD_PAGE = 100;

/**
 * The SHA-256 of the stored bytes of the attachments `ids`, by id: the chain compares them with the digests its
 * contents and records name. (Where attachment bytes are read is this function's business only.)
 */
async function storedAttachmentDigests(db: DbOrTx, documentId: string, ids: string[], blobs: BlobStore): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  const next = timeSlices();
  for (let start = 0; start < ids.length; start += 50) {
    // The bytes are hashed where they live (the blob store, or the column of a row not moved yet: issue 37).
    for (const [id, digest] of await loadStoredDigests(db, documentId, blobs, ids.slice(start, start + 50))) if (digest) digests.set(id, digest);
    await next();
  }
  return digests;
}

/**
 * The records bound to `commitIds` (all of the document's when null), with their digests, grouped by commit: read a
 * page at a time and digested in time slices, so a document with thousands of long comments holds the thread for
 * no more than a slice.
 */
async function recordDigestsByCommit(db: DbOrTx, documentId: string, commitIds: string[] | null, next: () => Promise<void>) {
  const byCommit = new Map<string, AddedRecord[]>();
  const add = (entries: ReturnType<typeof recordEntriesOf>) => {
    for (const { commitId, ...entry } of entries) byCommit.set(commitId!, [...(byCommit.get(commitId!) ?? []), entry]);
  };
  const tables = [
    [documentApprovals, 'approvals'],
    [documentComments, 'comments'],
    [documentLegalEvents, 'legalEvents'],
  ] as const;
  for (const [table, key] of tables) {
    let after = '';
    for (;;) {
      const rows = await db
        .select()
        .from(table)
        .where(and(eq(table.documentId, documentId), gt(table.id, after), commitIds ? inArray(table.commitId, commitIds) : undefined))
        .orderBy(asc(table.id))
        .limit(RECORD_PAGE);
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      const page = { approvals: [], comments: [], legalEvents: [], [key]: rows } as Parameters<typeof recordEntriesOf>[0];
      const ids = [
        ...page.approvals.flatMap((row) => (row.attachmentId ? [row.attachmentId] : [])),
        ...page.comments.flatMap((row) => row.attachmentIds),
        ...page.legalEvents.flatMap((row) => row.attachmentIds),
      ];
      add(recordEntriesOf(page, await loadAttachmentDigestMap(db, documentId, [...new Set(ids)])));
      await next();
      if (rows.length < RECORD_PAGE) break;
    }
  }
  return byCommit;
}

/** A record of the document bound to no commit of it (a row added or moved behind the chain's back), if any. */
async function unboundRecord(db: DbOrTx, documentId: string): Promise<string | undefined> {
  const commitsOfDocument = db.select({ id: documentCommits.id }).from(documentCommits).where(eq(documentCommits.documentId, documentId));
  for (const table of [documentApprovals, documentComments, documentLegalEvents]) {
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.documentId, documentId), or(isNull(table.commitId), notInArray(table.commitId, commitsOfDocument))))
      .limit(1);
    if (row) return row.id;
  }
  return undefined;
}

/**
 * Recomputes a document's commit chain (contract §6, §9): every commit id from its fields; for version 5 (lib/chain/formula.ts)
 * every content against its contentHash, every part it names against its digest, every records root from the parents'
 * roots and the records bound to the commit; for versions 2–4 every stored snapshot as it was hashed; every attachment's
 * bytes against the digest the first commit naming it recorded; and the current document against its latest commit.
 * Version 1 commits (made before contents were kept) are checked by id and parents only. Names the first commit where the
 * chain breaks.
 *
 * With `since` (an earlier check found the chain intact up to that commit), only the later commits are verified, against
 * the stored roots and contents of the ones before. The work runs in time slices: other requests are served meanwhile.
 */
export async function verifyCommitChain(db: DbOrTx, documentId: string, blobs: BlobStore = getBlobStore()): Promise<ChainVerification> {
  const { lastSequence: _last, ...result } = await verifyChainFrom(db, documentId, { blobs });
  return result;
}

/** verifyCommitChain from `since` on, answering also the last commit it verified (where the next check may start). */
export async function verifyChainFrom(db: DbOrTx, documentId: string, options: ChainRange = {}): Promise<ChainVerification & { lastSequence: number }> {
  const { since } = options;
  const next = timeSlices();
  const from = since?.sequence ?? 0;
  const commits = await db
    .select()
    .from(documentCommits)
    .where(
      and(
        eq(documentCommits.documentId, documentId),
        gt(documentCommits.sequence, from),
        options.until === undefined ? undefined : lte(documentCommits.sequence, options.until),
      ),
    )
    .orderBy(asc(documentCommits.sequence));
  // A range that holds whole-snapshot commits (versions 2–4) is verified from the start: their records checks need the history.
  if (from > 0 && commits.some((commit) => commit.hashVersion < HASH_VERSION)) return verifyChainFrom(db, documentId, { ...options, since: undefined });
  const lastSequence = commits.at(-1)?.sequence ?? from;
  const inRange = new Set(commits.map((commit) => commit.id));

  // What the range's commits take from the verified commits before it: their roots and the parts their contents name.
  const earlierParents = [...new Set(commits.flatMap((commit) => commit.previousCommits).filter((id) => !inRange.has(id)))];
  const earlier = earlierParents.length
    ? await db
        .select({
          id: documentCommits.id,
          sequence: documentCommits.sequence,
          recordsRoot: documentCommits.recordsRoot,
          parts: sql<CommitContent['parts'] | null>`case when ${documentCommits.hashVersion} = ${HASH_VERSION} then ${documentSnapshots.body} -> 'parts' end`,
        })
        .from(documentCommits)
        .leftJoin(documentSnapshots, eq(documentSnapshots.contentHash, documentCommits.contentHash))
        .where(and(eq(documentCommits.documentId, documentId), inArray(documentCommits.id, earlierParents)))
    : [];
  const roots = new Map(earlier.filter((row) => row.sequence <= from && row.recordsRoot).map((row) => [row.id, row.recordsRoot!]));
  const partsOf = new Map<string, CommitContent['parts'] | null>(earlier.map((row) => [row.id, row.parts]));

  const contentHashes = [...new Set(commits.filter((commit) => commit.hashVersion >= FIRST_SNAPSHOT_VERSION).map((commit) => commit.contentHash))];
  const bodies = new Map<string, unknown>();
  for (let start = 0; start < contentHashes.length; start += RECORD_PAGE) {
    const rows = await db
      .select()
      .from(documentSnapshots)
      .where(inArray(documentSnapshots.contentHash, contentHashes.slice(start, start + RECORD_PAGE)));
    for (const row of rows) bodies.set(row.contentHash, row.body);
    await next();
  }
  const records = await recordDigestsByCommit(db, documentId, from > 0 ? [...inRange] : null, next);
  const legacy = commits.some((commit) => commit.hashVersion >= FIRST_SNAPSHOT_VERSION && commit.hashVersion < HASH_VERSION);
  const legacyRecords = legacy ? await loadTransferRecords(db, documentId) : undefined;
  const recordCommit = new Map(
    legacyRecords ? [...legacyRecords.approvals, ...legacyRecords.comments, ...legacyRecords.legalEvents].map((record) => [record.id, record.commitId]) : [],
  );
  const checkedRecords = new Set<string>();
  const verifiedParts = new Map<string, unknown>();
  /** The attachments the range names, each with the digest and the commit that first named it. */
  const expected = new Map<string, { sha256: string; commit: CommitRow }>();
  const expect = (files: readonly { attachmentId: string; sha256?: string }[], commit: CommitRow) => {
    for (const file of files) if (!expected.has(file.attachmentId)) expected.set(file.attachmentId, { sha256: file.sha256 ?? '', commit });
  };

  const seen = new Set(earlier.filter((row) => row.sequence <= from).map((row) => row.id));
  let verifiedContent = 0;
  let broken: (ChainVerification & { intact: false }) | undefined;
  for (const commit of commits) {
    await next();
    const breakHere = (reason: ChainBreak, detail?: string) => ({ intact: false as const, commitId: commit.id, sequence: commit.sequence, reason, detail });
    if (commitIdOf(commitFieldsOf(commit)) !== commit.id) {
      broken = breakHere('COMMIT_ID');
      break;
    }
    if (commit.previousCommits.some((parent) => !seen.has(parent))) {
      broken = breakHere('PARENTS');
      break;
    }
    seen.add(commit.id);
    const added = records.get(commit.id) ?? [];
    for (const entry of added) expect(recordFiles(entry.record), commit);
    const parentRoots = commit.previousCommits.map((parent) => roots.get(parent)!);

    if (commit.hashVersion < HASH_VERSION) {
      // Versions 1–4 hashed no root: it is folded from the records bound to the commit all the same, for their children.
      roots.set(
        commit.id,
        recordsRootOf(
          parentRoots,
          added.map((entry) => entry.digest),
        ),
      );
      if (commit.hashVersion < FIRST_SNAPSHOT_VERSION) continue;
      const snapshot = bodies.get(commit.contentHash);
      if (!snapshot || hashSnapshot(snapshot) !== commit.contentHash) {
        broken = breakHere('SNAPSHOT');
        break;
      }
      expect((snapshot as Snapshot).attachments, commit);
      const record = legacyRecordBreak(snapshot, recordCommit, checkedRecords, commit.id);
      if (record) {
        broken = breakHere('RECORD', record);
        break;
      }
      verifiedContent += 1;
      continue;
    }

    const content = bodies.get(commit.contentHash) as CommitContent | undefined;
    if (!content) {
      broken = breakHere('SNAPSHOT');
      break;
    }
    // The parts this commit introduces are served with it (formula.ts): each is read and hashed once.
    const parentContents = commit.previousCommits.map((parent) => (partsOf.get(parent) ? { parts: partsOf.get(parent)! } : null));
    const introduced = PART_NAMES.filter((name) => !parentContents.some((parent) => parent?.parts[name] === content.parts?.[name]));
    const partEntries: (Omit<AddedRecord, 'record'> & { kind: 'PART'; part: (typeof PART_NAMES)[number]; record?: unknown })[] = [];
    for (const name of introduced) {
      const digest = content.parts?.[name];
      if (typeof digest !== 'string') continue;
      if (!verifiedParts.has(digest)) verifiedParts.set(digest, await loadPart(db, digest));
      partEntries.push({ kind: 'PART', part: name, digest, record: verifiedParts.get(digest) });
    }
    const checked = checkCommitContent({
      contentHash: commit.contentHash,
      content,
      // The records' digests were computed from their rows just now: passing them without the record trusts nothing stored.
      addedRecords: [...added.map(({ kind, digest }) => ({ kind, digest }) as Omit<AddedRecord, 'record'>), ...partEntries],
      parentRoots,
      parentContents,
    });
    if ('problem' in checked) {
      broken = breakHere(checked.problem === 'RECORDS_ROOT' ? 'RECORD' : 'SNAPSHOT', checked.detail);
      break;
    }
    roots.set(commit.id, checked.root);
    partsOf.set(commit.id, content.parts);
    // The attachments a part names are expected at the first commit that named the part (a part hashed once is not named again).
    for (const entry of partEntries)
      if (entry.part === 'attachments' && entry.record) expect(entry.record as { attachmentId: string; sha256: string }[], commit);
    // A part is hashed once: the next commits that introduce it again find it verified.
    for (const entry of partEntries) verifiedParts.set(entry.digest, undefined);
    verifiedContent += 1;
  }

  // Attachment bytes: the earliest commit naming one whose bytes changed, when it comes before any other break.
  const ids = [...expected].filter(([, { commit }]) => !broken || commit.sequence < broken.sequence).map(([id]) => id);
  const actual = await storedAttachmentDigests(db, documentId, ids, options.blobs ?? getBlobStore());
  const altered = ids
    .filter((id) => actual.get(id) !== expected.get(id)!.sha256)
    .sort((a, b) => expected.get(a)!.commit.sequence - expected.get(b)!.commit.sequence)[0];
  if (altered) {
    const commit = expected.get(altered)!.commit;
    return { intact: false, commitId: commit.id, sequence: commit.sequence, reason: 'ATTACHMENT', detail: altered, lastSequence };
  }
  if (broken) return { ...broken, lastSequence };

  const latest = commits.at(-1);
  if (latest && latest.hashVersion === HASH_VERSION) {
    const unbound = await unboundRecord(db, documentId);
    if (unbound) return { intact: false, commitId: latest.id, sequence: latest.sequence, reason: 'RECORD', detail: unbound, lastSequence };
  }
  // The document read now is compared with the range's last commit only while that is the latest: a change made meanwhile
  // leaves the comparison to the next check.
  if (
    latest &&
    latest.hashVersion >= FIRST_SNAPSHOT_VERSION &&
    !(await currentStateMatches(db, documentId, latest, bodies.get(latest.contentHash))) &&
    (await (options.unchanged?.() ?? true))
  ) {
    return { intact: false, commitId: latest.id, sequence: latest.sequence, reason: 'CURRENT_STATE', lastSequence };
  }
  return {
    intact: true,
    commits: (since?.commits ?? 0) + commits.length,
    verifiedContent: (since?.verifiedContent ?? 0) + verifiedContent,
    lastSequence,
  };
}

/** The attachments a record names (a comment's photos, a signature, an event's photos). */
function recordFiles(record: unknown): { attachmentId: string; sha256?: string }[] {
  const value = record as { attachments?: { attachmentId: string; sha256?: string }[]; signature?: { attachmentId: string; sha256?: string } | null };
  return [...(value.attachments ?? []), ...(value.signature ? [value.signature] : [])];
}

async function loadPart(db: DbOrTx, digest: string): Promise<unknown> {
  const [row] = await db.select({ body: documentSnapshots.body }).from(documentSnapshots).where(eq(documentSnapshots.contentHash, digest));
  // A missing part cannot hash to its digest: the content check names the commit.
  return row ? row.body : { missing: digest };
}

/** Versions 3–4 embedded the records: each must name the first commit whose snapshot holds it. */
function legacyRecordBreak(snapshot: unknown, recordCommit: Map<string, string | null>, checked: Set<string>, commitId: string): string | undefined {
  const transfers = (
    snapshot as { transfers?: { approvals: { approvalId: string }[]; comments: { commentId: string }[]; legalEvents?: { eventId: string }[] } }
  ).transfers;
  for (const id of [
    ...(transfers?.approvals.map((approval) => approval.approvalId) ?? []),
    ...(transfers?.comments.map((comment) => comment.commentId) ?? []),
    ...(transfers?.legalEvents?.map((event) => event.eventId) ?? []),
  ]) {
    if (checked.has(id)) continue;
    checked.add(id);
    if (recordCommit.get(id) !== commitId) return id;
  }
  return undefined;
}

/** Whether the document as stored now is what its latest commit hashed, built as that commit's version built it. */
async function currentStateMatches(db: DbOrTx, documentId: string, latest: CommitRow, latestContent: unknown): Promise<boolean> {
  const [document] = await db.select().from(freightDocuments).where(eq(freightDocuments.id, documentId));
  const roles = await db.select().from(documentRoles).where(eq(documentRoles.documentId, documentId));
  const files = await loadAttachmentDigests(db, documentId);
  if (latest.hashVersion === HASH_VERSION) {
    const root = (latestContent as CommitContent | undefined)?.records ?? latest.recordsRoot ?? '';
    const { attachments: _files, content, roles: roleList } = documentPartsFor(document!, roles, files);
    const parts = { attachments: digestOf(_files), content: digestOf(content), roles: digestOf(roleList) };
    return digestOf(commitContentOf(documentHeadOf(document!), parts, root)) === latest.contentHash;
  }
  // A document untouched since an older version still verifies as that version built it.
  const current = snapshotOf(document!, roles, files, await loadTransferRecords(db, documentId), latest.hashVersion);
  return hashSnapshot(current) === latest.contentHash;
}
