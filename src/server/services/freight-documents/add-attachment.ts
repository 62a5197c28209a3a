import { eq } from 'drizzle-orm';
import { attachmentInput } from '@/lib/schemas/freight-document';
import { attachments } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { fail, parseInput } from '@/server/errors';
import type { ServiceContext } from '../context';
import { prepareAttachments } from './attachment-content';
import { requireRole } from './load-document';
import { mutateDocument } from './mutate-document';

/** POST /freightdocuments/{id}/attachments (contract §10): the submitter, DRAFT only, within the 10 MB of 3.34. */
export async function addAttachment({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string; body: unknown } }) {
  const attachment = parseInput(attachmentInput, input.body);
  const attachmentId = newId();
  await mutateDocument(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'ATTACHMENT',
    apply: async (loaded, tx) => {
      requireRole(loaded, 'SUBMITTER');
      if (loaded.document.status !== 'DRAFT') fail('4.5');
      const existing = await tx
        .select({ size: attachments.size, mimeType: attachments.mimeType })
        .from(attachments)
        .where(eq(attachments.documentId, loaded.document.id));
      const [file] = await prepareAttachments([attachment], existing, '');
      await tx.insert(attachments).values({ id: attachmentId, documentId: loaded.document.id, ...file!, size: file!.content.length, createdAt: ctx.now() });
      return {};
    },
  });
  return { attachmentId };
}
