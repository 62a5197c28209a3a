import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { attachments } from '@/server/db/schema';

/** An attachment as documents list it (contract §4: with `attachmentId` and `size`, without content). */
export const ATTACHMENT_SUMMARY = {
  attachmentId: attachments.id,
  type: attachments.type,
  name: attachments.name,
  originalFileName: attachments.originalFileName,
  mimeType: attachments.mimeType,
  sealed: attachments.sealed,
  size: attachments.size,
};

/** The document's current attachments (a PUT may have dropped others), in the order they were added. */
export function loadCurrentAttachments(db: DbOrTx, documentId: string) {
  return db
    .select(ATTACHMENT_SUMMARY)
    .from(attachments)
    .where(and(eq(attachments.documentId, documentId), isNull(attachments.removedAt)))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
}

/** The same attachments with their digests, as commit snapshots name them. */
export function loadAttachmentDigests(db: DbOrTx, documentId: string) {
  return db
    .select({ ...ATTACHMENT_SUMMARY, sha256: attachments.sha256 })
    .from(attachments)
    .where(and(eq(attachments.documentId, documentId), isNull(attachments.removedAt)))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
}
