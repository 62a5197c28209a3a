import { eq } from 'drizzle-orm';
import { commitContentOf, digestOf, documentPartsOf, type AttachmentDigest, type DocumentHead } from '@/lib/chain/formula';
import type { DbOrTx } from '@/server/db/client';
import { documentApprovals, documentComments, documentLegalEvents } from '@/server/db/schema';
import type { DocumentRow, RoleRow, TransferRecords } from './rows';

export { sha256Hex, type AttachmentDigest } from '@/lib/chain/formula';

/**
 * The whole-snapshot versions of the content hash, kept to verify the commits made with them. Version 1 hashed
 * columns and kept nothing; version 2 is the SHA-256 of a stored snapshot; version 3 adds the transfers (custody,
 * license plates, approvals, comments) to the snapshot; version 4 the legal events of contract §14. Each embedded
 * every record, so storage grew with the square of the changes: version 5 (lib/chain/formula.ts) names records and
 * the document's large parts by digest instead.
 */
export const LAST_SNAPSHOT_VERSION = 4;
/** The first version that keeps a snapshot. */
export const FIRST_SNAPSHOT_VERSION = 2;

const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

/**
 * The transfers part of a version 3 snapshot. A record's own commit is not in it (the commit's id hashes the
 * snapshot); the API joins records to the commit that first holds them.
 */
function transfersOf(document: DocumentRow, records: TransferRecords, version: number) {
  const v4 = version >= 4;
  return {
    custody: document.custody,
    licensePlates: document.licensePlates,
    approvals: byId(records.approvals).map((approval) => ({
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
      signedOnGlassBy: approval.signedOnGlassBy,
      attachmentId: approval.attachmentId,
      ...(v4 ? { acceptedReservations: approval.acceptedReservations } : {}),
    })),
    comments: byId(records.comments).map((comment) => ({
      commentId: comment.id,
      text: comment.text,
      role: comment.role,
      roleId: comment.roleId,
      accountId: comment.accountId,
      submittedByAccountId: comment.submittedByAccountId,
      attachmentIds: comment.attachmentIds,
      clientMeta: comment.clientMeta,
      ...(v4 ? { reservation: comment.reservation } : {}),
    })),
    ...(v4
      ? {
          replacedByPaper: document.replacedByPaper,
          legalEvents: byId(records.legalEvents).map((event) => ({
            eventId: event.id,
            kind: event.kind,
            instructionId: event.instructionId,
            role: event.role,
            roleId: event.roleId,
            accountId: event.accountId,
            submittedByAccountId: event.submittedByAccountId,
            body: event.body,
            attachmentIds: event.attachmentIds,
          })),
        }
      : {}),
  };
}

const time = (value: Date | null) => (value ? value.toISOString() : null);
const columnsOf = (document: DocumentRow): DocumentHead['columns'] => ({
  establishedDate: document.establishedDate,
  establishedPlace: document.establishedPlace,
  carrierCode: document.carrierCode,
  agreedDateTimeOfTakingOver: time(document.agreedDateTimeOfTakingOver),
  estimatedDateTimeOfTakingOver: time(document.estimatedDateTimeOfTakingOver),
  estimatedDateTimeOfDelivery: time(document.estimatedDateTimeOfDelivery),
});

/**
 * The legal content of a document as one JSON value, as versions 2–4 hashed it: everything a court would ask
 * about (the content, the parties and how they were named, the attachments by digest, the transfers) and nothing
 * that only moves bookkeeping (heads, modification time, which account a pending e-mail holder turned into).
 * `version` builds the snapshot as that version did, to verify a document whose latest commit is older.
 */
export function snapshotOf(document: DocumentRow, roles: RoleRow[], files: AttachmentDigest[], records: TransferRecords, version = LAST_SNAPSHOT_VERSION) {
  const base = {
    version,
    freightDocumentId: document.id,
    serviceNumber: document.serviceNumber,
    type: document.type,
    status: document.status,
    submitterAccountId: document.submitterAccountId,
    content: document.content,
    columns: columnsOf(document),
    roles: [...roles]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((role) => ({ roleId: role.id, role: role.role, email: role.email, party: role.party, position: role.position })),
    attachments: [...files].sort((a, b) => (a.attachmentId < b.attachmentId ? -1 : 1)),
  };
  return version >= 3 ? { ...base, transfers: transfersOf(document, records, version) } : base;
}
export type Snapshot = ReturnType<typeof snapshotOf>;

export const NO_TRANSFER_RECORDS: TransferRecords = { approvals: [], comments: [], legalEvents: [] };

/** The document's approvals, comments and legal events (none before it is issued). */
export async function loadTransferRecords(db: DbOrTx, documentId: string): Promise<TransferRecords> {
  const [approvals, comments, legalEvents] = await Promise.all([
    db.select().from(documentApprovals).where(eq(documentApprovals.documentId, documentId)),
    db.select().from(documentComments).where(eq(documentComments.documentId, documentId)),
    db.select().from(documentLegalEvents).where(eq(documentLegalEvents.documentId, documentId)),
  ]);
  return { approvals, comments, legalEvents };
}

/** The hash a commit records: SHA-256 of the RFC 8785 canonical JSON of the snapshot. */
export const hashSnapshot = digestOf;

/** The small part of a version 5 content (lib/chain/formula.ts): the document's columns, custody, plates, replacement. */
export function documentHeadOf(document: DocumentRow): DocumentHead {
  return {
    freightDocumentId: document.id,
    serviceNumber: document.serviceNumber,
    type: document.type,
    status: document.status,
    submitterAccountId: document.submitterAccountId,
    columns: columnsOf(document),
    custody: document.custody,
    licensePlates: document.licensePlates,
    replacedByPaper: document.replacedByPaper,
  };
}

/** The large parts of a document as version 5 contents name them. */
export function documentPartsFor(document: DocumentRow, roles: RoleRow[], files: AttachmentDigest[]) {
  return documentPartsOf({ content: document.content, roles, files });
}

export { commitContentOf };
