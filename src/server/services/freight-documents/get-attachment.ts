import { and, eq, isNull } from 'drizzle-orm';
import { attachments } from '@/server/db/schema';
import { isId } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { callerHasPermission, loadAccessibleDocument } from '../access/load-document';

/**
 * An attachment with its content (contract §10). It is found through its document, so an attachment of a
 * document the caller cannot see is 4.1 like a missing one; sealed content needs VIEW_SEALED_ATTACHMENT (1.4).
 * With `freightDocumentId`, an attachment of another document is 4.4.
 */
export async function getAttachment({ ctx, input }: { ctx: ServiceContext; input: { attachmentId: string; freightDocumentId?: string } }) {
  const accountId = requireAccountId(ctx);
  const loaded = input.freightDocumentId ? await loadAccessibleDocument(ctx.db, accountId, input.freightDocumentId) : undefined;
  const [attachment] = isId(input.attachmentId)
    ? await ctx.db
        .select()
        .from(attachments)
        .where(and(eq(attachments.id, input.attachmentId), isNull(attachments.removedAt)))
    : [];
  if (loaded && (!attachment || attachment.documentId !== loaded.document.id)) fail('4.4');
  if (!attachment) fail('4.1');
  const visible = loaded ?? (await loadAccessibleDocument(ctx.db, accountId, attachment.documentId).catch(() => fail('4.1')));
  if (attachment.sealed && !callerHasPermission(visible, 'VIEW_SEALED_ATTACHMENT')) fail('1.4');
  return {
    attachment: {
      attachmentId: attachment.id,
      type: attachment.type,
      name: attachment.name,
      originalFileName: attachment.originalFileName,
      mimeType: attachment.mimeType,
      sealed: attachment.sealed,
      size: attachment.size,
    },
    content: attachment.content,
  };
}
