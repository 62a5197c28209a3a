import { and, eq, gt, isNull } from 'drizzle-orm';
import { handoverAnswerInput, type HandoverAnswerInput, type HandoverAnswerResult } from '@/lib/schemas/handover';
import { handoverLinks } from '@/server/db/schema';
import { parseInput, ServiceError } from '@/server/errors';
import type { ServiceContext } from '../context';
import { endTransferLinks, handoverLinkState } from './handover-link-state';
import { recordCounterPartyApproval } from './submit-counterparty-approval';

/** The link was used or ran out between the lookup and the change: the change is rolled back. */
class LinkGone extends Error {}

/**
 * The counter party answers on the public hand-over page (contract §7): the same approval as
 * submitcounterpartyapproval with SIGN_ON_GLASS evidence (a decline: `declined: true` with remarks), submitted by
 * the account that asked for the link, in the one frame. The link is ended in the approval's own transaction by
 * a conditional update, so of two answers racing only one records anything.
 */
export async function redeemHandoverLink({ ctx, input }: { ctx: ServiceContext; input: HandoverAnswerInput }): Promise<HandoverAnswerResult> {
  const answer = parseInput(handoverAnswerInput, input);
  const found = await handoverLinkState(ctx.db, answer.token, ctx.now());
  if (found.state !== 'OPEN') return { outcome: found.state };
  const { link } = found;
  const declined = answer.declined ?? false;
  const asCreator: ServiceContext = { ...ctx, caller: { accountId: link.createdByAccountId } };
  try {
    const changed = await recordCounterPartyApproval(
      asCreator,
      link.documentId,
      {
        action: link.action,
        ...(link.counterPartyRoleId ? { counterPartyRoleId: link.counterPartyRoleId } : {}),
        // The heads the page showed (contract §14): the approval accepts the reservations the signer saw, no later one.
        previousCommits: answer.previousCommits,
        evidence: {
          signedOnGlassBy: { name: answer.name },
          ...(answer.signature
            ? { attachments: [{ content: answer.signature, mimeType: 'image/png', name: 'signature', originalFileName: 'signature.png' }] }
            : {}),
        },
      },
      {
        declined,
        ...(answer.remarks ? { remarks: answer.remarks } : {}),
        beforeRecording: async (tx) => {
          const now = ctx.now();
          const ended = await tx
            .update(handoverLinks)
            .set({ usedAt: now })
            .where(and(eq(handoverLinks.id, link.id), isNull(handoverLinks.usedAt), gt(handoverLinks.expiresAt, now)))
            .returning({ id: handoverLinks.id });
          if (ended.length === 0) throw new LinkGone();
          // Issue 32: the answer (a decline too) ends the transfer's other open links.
          await endTransferLinks(tx, link, now, link.id);
        },
      },
    );
    const recorded = changed.approvals.find((approval) => approval.commitId === changed.commitId);
    return {
      outcome: 'RECORDED',
      declined,
      status: changed.document.status,
      at: ctx.now().toISOString(),
      unseenReservations: recorded?.unseenReservations ?? [],
    };
  } catch (error) {
    if (error instanceof LinkGone) return { outcome: 'GONE' };
    // The creator lost the document between the lookup and the change: the link has ended (contract §7).
    if (error instanceof ServiceError && error.items[0]?.code === '4.47') return { outcome: 'GONE' };
    throw error;
  }
}
