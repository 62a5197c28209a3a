import crypto from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * The commit chain's exact formula (contract §6, hash version 5), in one pure module: the commit writer, the
 * server's chain check and the published verifiers compute the same values from the same inputs. Everything is
 * SHA-256 (lowercase hex) over RFC 8785 canonical JSON. The guide docs/guides/verify-a-document.md states it with a worked example and
 * the published verifiers.
 *
 * - commitId = H({freightDocumentId, changeType, accountId, newFreightDocumentStatus, previousCommits (sorted),
 *   createDateTimeClient, createDateTimeServer, contentHash}), each as the commit's `updates` entry shows it.
 * - contentHash = H(content), `content` being served as it was hashed by GET …/commits/{commitId}.
 * - A version 5 content holds the small columns inline and names the document's three large parts (`content`,
 *   `roles`, `attachments`) by digest, and every approval, comment and legal event (a "record") through `records`,
 *   a root folded from the commit's parents' roots and the digests of the records it adds:
 *   records root = H({parents: [the parents' roots, sorted], records: [the added records' digests, sorted]}).
 *   Every commit has a root, whatever its version (older versions just do not hash it), so a chain that began
 *   before version 5 continues without a special case.
 * - A record's or a part's digest = H(record or part), the record as first written (it never changes: a withdrawal
 *   is a record of its own).
 */

/** The version of the content hash new commits get (1–4: decision 0004; 5: records and parts by digest). */
export const HASH_VERSION = 5;

/** RFC 8785 canonical JSON. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('Not representable as canonical JSON');
  return text;
}

/** SHA-256, lowercase hex. */
export function sha256Hex(value: string | Uint8Array): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** The digest of a JSON value: SHA-256 of its canonical JSON. */
export function digestOf(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/** Exactly the fields an `updates` entry shows, from which anyone recomputes the commit id. */
export interface CommitFields {
  freightDocumentId: string;
  changeType: string;
  accountId: string | null;
  newFreightDocumentStatus: string | null;
  previousCommits: string[];
  createDateTimeClient: string | null;
  createDateTimeServer: string;
  contentHash: string;
}

/** commitId: the same formula for every hash version; what changed between versions is what `contentHash` covers. */
export function commitIdOf(fields: CommitFields): string {
  return digestOf({
    freightDocumentId: fields.freightDocumentId,
    changeType: fields.changeType,
    accountId: fields.accountId,
    newFreightDocumentStatus: fields.newFreightDocumentStatus,
    previousCommits: [...fields.previousCommits].sort(),
    createDateTimeClient: fields.createDateTimeClient,
    createDateTimeServer: fields.createDateTimeServer,
    contentHash: fields.contentHash,
  });
}

/** An attachment as contents and records name it: its metadata and the SHA-256 of its bytes. */
export interface AttachmentDigest {
  attachmentId: string;
  type: string;
  name: string | null;
  originalFileName: string;
  mimeType: string;
  sealed: boolean;
  size: number;
  sha256: string;
}

export const digestEntry = (file: AttachmentDigest): AttachmentDigest => ({
  attachmentId: file.attachmentId,
  type: file.type,
  name: file.name,
  originalFileName: file.originalFileName,
  mimeType: file.mimeType,
  sealed: file.sealed,
  size: file.size,
  sha256: file.sha256,
});

/** The attachments a record names, in its order; one missing from `files` is named by id only (a broken record). */
function filesOf(ids: readonly string[], files: ReadonlyMap<string, AttachmentDigest>) {
  return ids.map((id) => {
    const file = files.get(id);
    return file ? digestEntry(file) : { attachmentId: id, missing: true };
  });
}

/** An approval as stored (the fields its record covers). */
export interface ApprovalFacts {
  id: string;
  action: string;
  side: string;
  type: string;
  role: string;
  roleId: string;
  fromRoleId: string | null;
  toRoleId: string | null;
  accountId: string | null;
  submittedByAccountId: string;
  place: string | null;
  latitude: string | null;
  longitude: string | null;
  declined: boolean;
  remarks: string | null;
  signedOnGlassBy: unknown;
  attachmentId: string | null;
  acceptedReservations: readonly string[];
  unseenReservations: readonly string[];
}

export function approvalRecordOf(approval: ApprovalFacts, files: ReadonlyMap<string, AttachmentDigest>) {
  return {
    approvalId: approval.id,
    action: approval.action,
    side: approval.side,
    type: approval.type,
    role: approval.role,
    roleId: approval.roleId,
    fromRoleId: approval.fromRoleId,
    toRoleId: approval.toRoleId,
    accountId: approval.accountId,
    submittedByAccountId: approval.submittedByAccountId,
    place: approval.place,
    location: approval.latitude === null ? null : { latitude: approval.latitude, longitude: approval.longitude },
    declined: approval.declined,
    remarks: approval.remarks,
    signedOnGlassBy: approval.signedOnGlassBy ?? null,
    signature: approval.attachmentId ? filesOf([approval.attachmentId], files)[0]! : null,
    acceptedReservations: [...approval.acceptedReservations],
    unseenReservations: [...approval.unseenReservations],
  };
}

/** A comment (a reservation too) as stored. */
export interface CommentFacts {
  id: string;
  text: string | null;
  role: string;
  roleId: string;
  accountId: string | null;
  submittedByAccountId: string;
  attachmentIds: readonly string[];
  clientMeta: unknown;
  reservation: unknown;
}

export function commentRecordOf(comment: CommentFacts, files: ReadonlyMap<string, AttachmentDigest>) {
  return {
    commentId: comment.id,
    text: comment.text,
    role: comment.role,
    roleId: comment.roleId,
    accountId: comment.accountId,
    submittedByAccountId: comment.submittedByAccountId,
    clientMeta: comment.clientMeta ?? null,
    reservation: comment.reservation ?? null,
    attachments: filesOf(comment.attachmentIds, files),
  };
}

/** A legal event of contract §14 other than a reservation (instruction, answer, impediment, withdrawal …) as stored. */
export interface LegalEventFacts {
  id: string;
  kind: string;
  instructionId: string | null;
  role: string;
  roleId: string;
  accountId: string | null;
  submittedByAccountId: string;
  body: unknown;
  attachmentIds: readonly string[];
}

export function legalEventRecordOf(event: LegalEventFacts, files: ReadonlyMap<string, AttachmentDigest>) {
  return {
    eventId: event.id,
    event: event.kind,
    instructionId: event.instructionId,
    role: event.role,
    roleId: event.roleId,
    accountId: event.accountId,
    submittedByAccountId: event.submittedByAccountId,
    body: event.body,
    attachments: filesOf(event.attachmentIds, files),
  };
}

export const RECORD_KINDS = ['APPROVAL', 'COMMENT', 'LEGAL_EVENT'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export const PART_NAMES = ['attachments', 'content', 'roles'] as const;
export type PartName = (typeof PART_NAMES)[number];

/** One entry of a commit's `addedRecords`: a record it added (folded into its root) or a part of the document it changed. */
export type AddedRecord = { kind: RecordKind; digest: string; record: unknown } | { kind: 'PART'; part: PartName; digest: string; record: unknown };

export function addedRecord(kind: RecordKind, record: unknown): AddedRecord {
  return { kind, digest: digestOf(record), record };
}

/** The records root of a commit: its parents' roots and the digests of the records it adds, both sorted. */
export function recordsRootOf(parentRoots: readonly string[], addedDigests: readonly string[]): string {
  return digestOf({ parents: [...parentRoots].sort(), records: [...addedDigests].sort() });
}

/** A role of the document as the `roles` part names it. */
export interface RoleFacts {
  id: string;
  role: string;
  email: string | null;
  party: unknown;
  position: number;
}

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/**
 * The three large parts of a document, named by digest in every version 5 content: its content as stored (the
 * goods, instructions, references …), its roles (parties and how they were named) sorted by roleId, and its own
 * attachments (GOODS, GENERAL; not a comment's photo or a signature, which their records name) sorted by id.
 */
export function documentPartsOf(input: { content: unknown; roles: readonly RoleFacts[]; files: readonly AttachmentDigest[] }): Record<PartName, unknown> {
  return {
    attachments: input.files
      .filter((file) => file.type === 'GOODS' || file.type === 'GENERAL')
      .map(digestEntry)
      .sort(byKey((file) => file.attachmentId)),
    content: input.content,
    roles: [...input.roles]
      .sort(byKey((role) => role.id))
      .map((role) => ({ roleId: role.id, role: role.role, email: role.email, party: role.party, position: role.position })),
  };
}

export function partDigestsOf(parts: Record<PartName, unknown>): Record<PartName, string> {
  return { attachments: digestOf(parts.attachments), content: digestOf(parts.content), roles: digestOf(parts.roles) };
}

/** The small, inline part of a version 5 content: what a document is besides its large parts. */
export interface DocumentHead {
  freightDocumentId: string;
  serviceNumber: string;
  type: string;
  status: string;
  submitterAccountId: string;
  columns: {
    establishedDate: string | null;
    establishedPlace: string | null;
    carrierCode: string | null;
    agreedDateTimeOfTakingOver: string | null;
    estimatedDateTimeOfTakingOver: string | null;
    estimatedDateTimeOfDelivery: string | null;
  };
  custody: readonly string[];
  licensePlates: readonly unknown[];
  replacedByPaper: unknown;
}

/** A version 5 content: the document after the change, its large parts and its records by digest. */
export function commitContentOf(head: DocumentHead, parts: Record<PartName, string>, recordsRoot: string) {
  return {
    version: HASH_VERSION,
    freightDocumentId: head.freightDocumentId,
    serviceNumber: head.serviceNumber,
    type: head.type,
    status: head.status,
    submitterAccountId: head.submitterAccountId,
    columns: head.columns,
    custody: [...head.custody],
    licensePlates: [...head.licensePlates],
    replacedByPaper: head.replacedByPaper ?? null,
    parts: { attachments: parts.attachments, content: parts.content, roles: parts.roles },
    records: recordsRoot,
  };
}
export type CommitContent = ReturnType<typeof commitContentOf>;

/**
 * The parts a commit serves in `addedRecords`: those its content names by a digest none of its parents' (version 5)
 * contents names for that part, so a verifier finds every part at the commit that introduced it.
 */
export function partsIntroduced(content: Pick<CommitContent, 'parts'>, parents: readonly (Pick<CommitContent, 'parts'> | null)[]): PartName[] {
  return PART_NAMES.filter((name) => !parents.some((parent) => parent?.parts?.[name] === content.parts[name]));
}

/** Why one version 5 commit does not verify against what is served for it, or undefined when it does. */
export type CommitProblem = 'CONTENT_HASH' | 'RECORD_DIGEST' | 'RECORDS_ROOT' | 'PART';

/**
 * Checks one version 5 commit from what the API serves: its content hashes to `contentHash`, every added record and
 * part hashes to its digest, the records root folds from the parents' roots and the added records, and every part
 * the content names is served here or named alike by a parent. Returns the commit's root (for its children) or the
 * problem. Older versions have no root in their content: `recordsRootOf` still gives their root from `addedRecords`.
 */
export function checkCommitContent(input: {
  contentHash: string;
  content: CommitContent;
  /** As served; an entry without `record` carries a digest its caller computed from the record itself. */
  addedRecords: readonly (Omit<AddedRecord, 'record'> & { record?: unknown })[];
  parentRoots: readonly string[];
  parentContents: readonly (Pick<CommitContent, 'parts'> | null)[];
}): { root: string } | { problem: CommitProblem; detail?: string } {
  const { content, addedRecords } = input;
  if (digestOf(content) !== input.contentHash) return { problem: 'CONTENT_HASH' };
  for (const entry of addedRecords) {
    if (entry.record !== undefined && digestOf(entry.record) !== entry.digest) return { problem: 'RECORD_DIGEST', detail: entry.digest };
  }
  const root = recordsRootOf(
    input.parentRoots,
    addedRecords.filter((entry) => entry.kind !== 'PART').map((entry) => entry.digest),
  );
  if (content.records !== root) return { problem: 'RECORDS_ROOT' };
  for (const name of PART_NAMES) {
    const served = addedRecords.find((entry) => entry.kind === 'PART' && 'part' in entry && entry.part === name);
    const known = served ? served.digest === content.parts[name] : input.parentContents.some((parent) => parent?.parts?.[name] === content.parts[name]);
    if (!known) return { problem: 'PART', detail: name };
  }
  return { root };
}
