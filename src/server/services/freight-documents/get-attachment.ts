import { and, eq, isNull } from 'drizzle-orm';
import { attachments, freightDocuments } from '@/server/db/schema';
import { isId } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { loadDelegationSources } from '../access/delegation-sources';
import { loadAccessibleDocument } from '../document/load-document';
import { mayReadSealed } from './sealed-content';
import { visibleTo } from '../access/visibility';
import { ATTACHMENT_SUMMARY } from '../document/attachment-columns';
import { storedContent } from './stored-content';

/**
 * An attachment with its content (contract §10). Access is decided in the query that finds the attachment (the
 * one visibility rule, delegations included), so an attachment of a document the caller cannot see is 4.1
 * exactly like a missing one, in the same time; the content is read only once access is granted. Sealed content
 * needs VIEW_SEALED_ATTACHMENT (1.4; see mayReadSealed for the signature a carrier recorded). With `freightDocumentId`, that document must be visible (4.47) and the
 * attachment part of it (4.4). Database failures are not caught here: they are 5.0, never a 404.
 */
export async function getAttachment({ ctx, input }: { ctx: ServiceContext; input: { attachmentId: string; freightDocumentId?: string } }) {
  const accountId = requireAccountId(ctx);
  if (input.freightDocumentId !== undefined) await loadAccessibleDocument(ctx.db, accountId, input.freightDocumentId);
  // Not an id of ours (a NUL, a path fragment…): as missing as any other, without asking the database.
  if (!isId(input.attachmentId)) fail(input.freightDocumentId !== undefined ? '4.4' : '4.1');

  const sources = await loadDelegationSources(ctx.db, accountId);
  const [found] = await ctx.db
    .select({ ...ATTACHMENT_SUMMARY, documentId: attachments.documentId })
    .from(attachments)
    .innerJoin(freightDocuments, eq(freightDocuments.id, attachments.documentId))
    .where(and(eq(attachments.id, input.attachmentId), isNull(attachments.removedAt), visibleTo(accountId, sources)));
  if (input.freightDocumentId !== undefined && found?.documentId !== input.freightDocumentId) fail('4.4');
  if (!found) fail('4.1');
  if (found.sealed && !mayReadSealed(await loadAccessibleDocument(ctx.db, accountId, found.documentId), found.attachmentId)) fail('1.4');

  // The legacy column is read only for attachments `blobs:migrate` has not moved yet (null for all others).
  const [stored] = await ctx.db
    .select({ id: attachments.id, sha256: attachments.sha256, size: attachments.size, content: attachments.content })
    .from(attachments)
    .where(eq(attachments.id, found.attachmentId));
  if (!stored) fail('4.1');
  const { documentId: _documentId, ...attachment } = found;
  return { attachment, content: storedContent(ctx, stored) };
}
