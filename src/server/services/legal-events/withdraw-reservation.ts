import { and, eq } from 'drizzle-orm';
import { withdrawalRefusal, withdrawnReservationIds } from '@/lib/domain/legal-events';
import { withdrawalInput } from '@/lib/schemas/legal-events';
import { documentComments } from '@/server/db/schema';
import { isId } from '@/server/crypto/tokens';
import { fail, parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { mutateAndSerialize } from '../document/mutate-document';
import { loadLegalState, recordLegalEventRow, refuseIf } from '../document/record-legal-event';

/**
 * POST /freightdocuments/{id}/comments/{commentId}/withdrawal (contract §14): the author of a reservation withdraws it
 * while no counter-party approval (or decline) of its stage has been given: one commit, a RESERVATION webhook. The
 * reservation stays in `comments` as first written (its digest is in the chain), marked `withdrawn` from the withdrawal's
 * own record, and leaves the acceptances and the PDF's boxes. AFTER_DELIVERY and DELAY reservations, those recorded for
 * a counter party, later attempts and comments that are no reservation are 4.60; another caller 1.4; an unknown comment 4.1.
 */
export async function withdrawReservation({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { freightDocumentId: string; commentId: string; body: { previousCommits?: unknown } };
}) {
  const accountId = requireAccountId(ctx);
  const { previousCommits } = parseInput(withdrawalInput, input.body);
  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'RESERVATION_WITHDRAWAL',
    previousCommits,
    requirePreviousCommits: true,
    apply: async (loaded, tx) => {
      const [comment] = isId(input.commentId)
        ? await tx
            .select()
            .from(documentComments)
            .where(and(eq(documentComments.documentId, loaded.document.id), eq(documentComments.id, input.commentId)))
        : [];
      if (!comment) fail('4.1', 'commentId');
      const { events, situation } = await loadLegalState(tx, loaded);
      // The author: the account it was written by, or the role holder a delegate wrote it for.
      const byAuthor = comment.submittedByAccountId === accountId || comment.accountId === accountId;
      const actingAs = loaded.access.held.find((role) => role.roleId === comment.roleId);
      refuseIf(
        withdrawalRefusal(
          situation,
          comment.reservation ? { ...comment.reservation, roleId: comment.roleId, withdrawn: withdrawnReservationIds(events).has(comment.id) } : null,
          byAuthor && actingAs !== undefined,
        ),
      );
      await recordLegalEventRow(tx, loaded, {
        kind: 'RESERVATION_WITHDRAWAL',
        actingAs: actingAs!,
        callerAccountId: accountId,
        body: { commentId: comment.id },
      });
      return { addsRecords: true, actingAs, legalEvent: 'RESERVATION' };
    },
  });
}
