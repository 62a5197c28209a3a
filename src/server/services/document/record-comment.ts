import { MAX_COMMENTS_PER_DOCUMENT } from '@/lib/domain/document-limits';
import type { TransferAttachmentInput } from '@/lib/schemas/transfers';
import { fail } from '@/server/errors';
import type { Transaction } from '@/server/db/client';
import { attachments, documentComments, type ReservationRecord } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { onBehalfOf } from '../access/held-roles';
import type { HeldRole, LoadedDocument } from './load-document';
import { attachmentRow, prepareCheckedAttachments, type PreparedAttachment } from './attachment-content';
import type { ServiceContext } from '../context';
import type { ChangeTimes } from './mutate-document';

export interface NewComment {
  /** The role the comment is written as (from `authorize`). */
  actingAs: HeldRole;
  callerAccountId: string;
  text?: string;
  files: PreparedAttachment[];
  clientMeta?: unknown;
  /** A reservation of contract §14 (the comment is then one). */
  reservation?: ReservationRecord;
  times: ChangeTimes;
}

/** Checks the photos of a comment (contract §7): COMMENT attachments, not counted against the creation limit. */
export function prepareCommentFiles(ctx: ServiceContext, files: TransferAttachmentInput[] | undefined): Promise<PreparedAttachment[]> {
  return prepareCheckedAttachments(
    ctx,
    (files ?? []).map((file) => ({
      type: 'COMMENT' as const,
      name: file.name,
      originalFileName: file.originalFileName ?? file.name ?? 'photo',
      content: file.content,
    })),
  );
}

/**
 * The one comment writer (contract §7): the comment row and its photos, in the change's transaction; the commit
 * writer gives it the change's commit. A delegate writes for the role's holder, and both are recorded.
 */
export async function recordComment(tx: Transaction, loaded: LoadedDocument, comment: NewComment): Promise<string> {
  const { actingAs, callerAccountId, files, times } = comment;
  // Contract §1: a document holds at most so many comments, reservations included.
  if ((loaded.change?.commentCount ?? 0) >= MAX_COMMENTS_PER_DOCUMENT)
    fail('4.2', 'comments', { description: `A freight document holds at most ${MAX_COMMENTS_PER_DOCUMENT.toLocaleString('en')} comments.` });
  const roleRow = loaded.roles.find((role) => role.id === actingAs.roleId)!;
  const attachmentIds = files.map(() => newId());
  if (files.length > 0)
    await tx.insert(attachments).values(files.map((file, index) => attachmentRow(loaded.document.id, file, times.serverTime, attachmentIds[index]!)));
  const commentId = newId();
  await tx.insert(documentComments).values({
    id: commentId,
    documentId: loaded.document.id,
    text: comment.text ?? null,
    role: actingAs.role,
    roleId: actingAs.roleId,
    accountId: onBehalfOf(actingAs, roleRow, callerAccountId),
    submittedByAccountId: callerAccountId,
    attachmentIds,
    clientMeta: comment.clientMeta ?? null,
    reservation: comment.reservation ?? null,
  });
  return commentId;
}
