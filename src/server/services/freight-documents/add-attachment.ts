import { and, eq, isNull } from 'drizzle-orm';
import { attachmentInput } from '@/lib/schemas/freight-document';
import { attachments } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { parseInput } from '@/server/errors';
import type { ServiceContext } from '../context';
import { authorize } from '../document/load-document';
import { attachmentRow, checkAttachments, prepareAttachments } from '../document/attachment-content';
import { mutateDocument } from '../document/mutate-document';

/** POST /freightdocuments/{id}/attachments (contract §10): the submitter, DRAFT only, within the 10 MB of 3.34. */
export async function addAttachment({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string; body: unknown } }) {
  const attachment = parseInput(attachmentInput, input.body);
  const attachmentId = newId();
  // Stored before the transaction (a refused change leaves an upload the orphan sweep removes); refused inside it,
  // once the right and the status are checked.
  const prepared = await prepareAttachments(ctx, [attachment], '');
  await mutateDocument(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'ATTACHMENT',
    apply: async (loaded, tx) => {
      const actingAs = authorize(loaded, 'ADD_ATTACHMENT');
      const existing = await tx
        .select({ size: attachments.size, mimeType: attachments.mimeType })
        .from(attachments)
        .where(and(eq(attachments.documentId, loaded.document.id), isNull(attachments.removedAt)));
      const [file] = checkAttachments(prepared, existing);
      await tx.insert(attachments).values(attachmentRow(loaded.document.id, file!, ctx.now(), attachmentId));
      return { actingAs };
    },
  });
  return { attachmentId };
}
