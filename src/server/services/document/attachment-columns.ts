import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { BlobStore } from '@/server/blobs';
import { digestOfStreamOrMissing } from '@/server/blobs/read';
import type { DbOrTx } from '@/server/db/client';
import { attachments } from '@/server/db/schema';
import { sha256Hex } from './snapshot';

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

/**
 * What each attachment's bytes hash to now, read whole from where they are (the blob store, or the legacy column
 * until `blobs:migrate` moved them); a blob that is missing has no digest. The chain check compares these with the
 * digests the commits recorded, so a changed or lost file names its attachment.
 */
export async function loadStoredDigests(db: DbOrTx, documentId: string, blobs: BlobStore, ids?: string[]): Promise<Map<string, string | undefined>> {
  const files = await db
    .select({ id: attachments.id, sha256: attachments.sha256, content: attachments.content })
    .from(attachments)
    .where(and(eq(attachments.documentId, documentId), ids ? inArray(attachments.id, ids) : undefined));
  const digests = new Map<string, string | undefined>();
  for (const file of files) digests.set(file.id, file.content ? sha256Hex(file.content) : await digestOfStreamOrMissing(await blobs.get(file.sha256)));
  return digests;
}
