import type { z } from 'zod';
import { commentInput } from '@/lib/schemas/transfers';
import { attachments, documentComments } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { authorize } from '../access/load-document';
import { attachmentRow, prepareAttachments } from '../freight-documents/attachment-content';
import { mutateDocument } from '../freight-documents/mutate-document';

/**
 * POST /freightdocuments/{id}/comments (contract §7, spec §3 rule 5): a carrier or subsequent carrier comments,
 * with optional photos (COMMENT attachments, not counted against the creation limit of 10 MB), from issue until
 * 14 days after delivery (4.12). Every comment's text feeds the contentHash of the TFA codes made after it.
 */
export async function addComment({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string; body: z.input<typeof commentInput> } }) {
  const accountId = requireAccountId(ctx);
  const comment = parseInput(commentInput, input.body);
  const files = await prepareAttachments(
    (comment.attachments ?? []).map((file) => ({
      type: 'COMMENT' as const,
      name: file.name,
      originalFileName: file.originalFileName ?? file.name ?? 'photo',
      content: file.content,
    })),
    [],
  );
  const commentId = newId();
  const { commitId } = await mutateDocument(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'COMMENT',
    previousCommits: comment.previousCommits,
    requirePreviousCommits: true,
    secondsSinceCreation: comment.secondsSinceCreation,
    apply: async (loaded, tx, times) => {
      const actingAs = authorize(loaded, 'COMMENT', { now: times.serverTime });
      const roleRow = loaded.roles.find((role) => role.id === actingAs.roleId)!;
      const attachmentIds = files.map(() => newId());
      if (files.length > 0)
        await tx.insert(attachments).values(files.map((file, index) => attachmentRow(loaded.document.id, file, times.serverTime, attachmentIds[index]!)));
      await tx.insert(documentComments).values({
        id: commentId,
        documentId: loaded.document.id,
        text: comment.text ?? null,
        role: actingAs.role as 'CARRIER' | 'SUBSEQUENT_CARRIER',
        roleId: actingAs.roleId,
        accountId: actingAs.via === 'HOLDER' ? accountId : (roleRow.accountId ?? accountId),
        submittedByAccountId: accountId,
        attachmentIds,
        clientMeta: comment.clientMeta ?? null,
      });
      return { addsRecords: true, actingAs };
    },
  });
  return { commentId, commitId };
}
