import { and, eq, ne } from 'drizzle-orm';
import { permissionsOf } from '@/lib/domain/permissions';
import { attachments, documentRoles, freightDocuments } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';

/** Joins that keep only rows of documents the caller may see: not cancelled, and holding a role in them (one row per role). */
function visibleTo(accountId: string, documentId: typeof attachments.documentId | typeof freightDocuments.id) {
  return {
    document: and(eq(freightDocuments.id, documentId), ne(freightDocuments.status, 'CANCELLED')),
    callerRole: and(eq(documentRoles.documentId, documentId), eq(documentRoles.accountId, accountId)),
  };
}

/**
 * An attachment with its content (contract §10). Access is decided in the query that finds the attachment, so
 * an attachment of a document the caller cannot see is 4.1 exactly like a missing one, in the same time; the
 * content is read only once access is granted. Sealed content needs VIEW_SEALED_ATTACHMENT (1.4). With
 * `freightDocumentId`, that document must be visible (4.47) and the attachment part of it (4.4).
 * Database failures are not caught here: they are 5.0, never a 404.
 */
export async function getAttachment({ ctx, input }: { ctx: ServiceContext; input: { attachmentId: string; freightDocumentId?: string } }) {
  const accountId = requireAccountId(ctx);
  if (input.freightDocumentId !== undefined) {
    const visible = visibleTo(accountId, freightDocuments.id);
    const [document] = await ctx.db
      .select({ id: freightDocuments.id })
      .from(freightDocuments)
      .innerJoin(documentRoles, visible.callerRole)
      .where(and(eq(freightDocuments.id, input.freightDocumentId), visible.document))
      .limit(1);
    if (!document) fail('4.47');
  }

  const visible = visibleTo(accountId, attachments.documentId);
  const rows = await ctx.db
    .select({
      attachment: {
        attachmentId: attachments.id,
        documentId: attachments.documentId,
        type: attachments.type,
        name: attachments.name,
        originalFileName: attachments.originalFileName,
        mimeType: attachments.mimeType,
        sealed: attachments.sealed,
        size: attachments.size,
      },
      role: documentRoles.role,
    })
    .from(attachments)
    .innerJoin(freightDocuments, visible.document)
    .innerJoin(documentRoles, visible.callerRole)
    .where(eq(attachments.id, input.attachmentId));
  const found = rows[0]?.attachment;
  if (input.freightDocumentId !== undefined && found?.documentId !== input.freightDocumentId) fail('4.4');
  if (!found) fail('4.1');
  if (found.sealed && !rows.some((row) => permissionsOf(row.role).includes('VIEW_SEALED_ATTACHMENT'))) fail('1.4');

  const [stored] = await ctx.db.select({ content: attachments.content }).from(attachments).where(eq(attachments.id, found.attachmentId));
  if (!stored) fail('4.1');
  const { documentId: _documentId, ...attachment } = found;
  return { attachment, content: stored.content };
}
