import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { STAGE_OF_TRANSFER } from '@/lib/domain/legal-events';
import { handoverAnswerInput, type HandoverAnswerInput, type HandoverAnswerResult } from '@/lib/schemas/handover';
import type { Database } from '@/server/db/client';
import { handoverLinkPhotos, handoverLinks } from '@/server/db/schema';
import { fail, parseInput, ServiceError } from '@/server/errors';
import type { ServiceContext } from '../context';
import { decodeAttachmentContent } from '../document/attachment-content';
import { keepChainCheckWarm } from '../document/check-document-chain';
import { HEAD_BYTES, stageBytes, stagedFileOf, stagedToken, type StagedFiles } from '../document/staged-files';
import { addReservation } from '../legal-events/add-reservation';
import { endTransferLinks, handoverLinkState } from './handover-link-state';
import { recordCounterPartyApproval } from './submit-counterparty-approval';

/** The link was used or ran out between the lookup and the change: the change is rolled back. */
class LinkGone extends Error {}

/**
 * The counter party answers on the public hand-over page (contract §7): the same approval as
 * submitcounterpartyapproval with SIGN_ON_GLASS evidence (a decline: `declined: true` with remarks), submitted by
 * the account that asked for the link, in the one frame, after the reservations the signer added on the page. The
 * link is ended in the approval's own transaction by a conditional update, so of two answers racing only one records
 * anything, and a link gone by then rolls the page's reservations back with it.
 */
export async function redeemHandoverLink({ ctx, input }: { ctx: ServiceContext; input: HandoverAnswerInput }): Promise<HandoverAnswerResult> {
  const answer = parseInput(handoverAnswerInput, input);
  const found = await handoverLinkState(ctx.db, answer.token, ctx.now());
  if (found.state !== 'OPEN') return { outcome: found.state };
  const { link } = found;
  const declined = answer.declined ?? false;
  const reservations = answer.reservations ?? [];
  // Contract §7: the page offers reservations of the delivery stage only (the only hand-over signed on glass).
  if (reservations.length > 0 && link.action !== 'DELIVERY') fail('4.60', 'reservations');
  const files = await stageFrameFiles(ctx, link.id, answer);
  try {
    // The page's reservations and the approval are one frame (contract §7): each reservation a commit of its own, recorded
    // for the signer by the link's creator, and the approval names the last of them, so it accepts them all (§14).
    const changed = await ctx.db.transaction(async (tx) => {
      const inFrame: ServiceContext = { ...ctx, db: tx as unknown as Database, staged: files.staged, caller: { accountId: link.createdByAccountId } };
      let heads = answer.previousCommits;
      for (const [index, reservation] of reservations.entries()) {
        const photos = files.photos[index]!;
        const { commitId } = await addReservation(inFrame, {
          freightDocumentId: link.documentId,
          accountId: link.createdByAccountId,
          recordedFor: { name: answer.name },
          comment: {
            text: reservation.text,
            previousCommits: heads,
            ...(photos.length ? { attachments: photos } : {}),
            reservation: {
              stage: STAGE_OF_TRANSFER[link.action],
              kind: reservation.kind,
              ...(reservation.goodsLines?.length ? { goodsLines: reservation.goodsLines } : {}),
            },
          },
        });
        heads = [commitId];
      }
      return recordCounterPartyApproval(
        inFrame,
        link.documentId,
        {
          action: link.action,
          ...(link.counterPartyRoleId ? { counterPartyRoleId: link.counterPartyRoleId } : {}),
          // The heads the page showed, after its own reservations (contract §14): the approval accepts the reservations
          // the signer saw and added, no later one.
          previousCommits: heads,
          evidence: {
            signedOnGlassBy: { name: answer.name },
            ...(files.signature
              ? { attachments: [{ content: files.signature, mimeType: 'image/png', name: 'signature', originalFileName: 'signature.png' }] }
              : {}),
          },
        },
        {
          declined,
          ...(answer.remarks ? { remarks: answer.remarks } : {}),
          beforeRecording: async (changeTx) => {
            const now = ctx.now();
            const ended = await changeTx
              .update(handoverLinks)
              .set({ usedAt: now })
              .where(and(eq(handoverLinks.id, link.id), isNull(handoverLinks.usedAt), gt(handoverLinks.expiresAt, now)))
              .returning({ id: handoverLinks.id });
            if (ended.length === 0) throw new LinkGone();
            // Issue 32: the answer (a decline too) ends the transfer's other open links.
            await endTransferLinks(changeTx, link, now, link.id);
          },
        },
      );
    });
    keepChainCheckWarm(ctx.db, link.documentId, ctx.blobs);
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

/**
 * The files of the frame, in the blob store before its transaction begins (the upload records go through the root
 * connection, and PGlite has one): the photos the page sent for its reservations, by their staged tokens, and the
 * signature. A photo not sent through this link is 3.9.
 */
async function stageFrameFiles(ctx: ServiceContext, linkId: string, answer: { signature?: string; reservations?: { photoIds?: string[] }[] }) {
  const staged: StagedFiles = new Map(ctx.staged ?? []);
  const wanted = (answer.reservations ?? []).flatMap((reservation) => reservation.photoIds ?? []);
  const rows = wanted.length
    ? await ctx.db
        .select()
        .from(handoverLinkPhotos)
        .where(and(eq(handoverLinkPhotos.linkId, linkId), inArray(handoverLinkPhotos.id, wanted)))
    : [];
  const photos = await Promise.all(
    (answer.reservations ?? []).map((reservation, index) =>
      Promise.all(
        (reservation.photoIds ?? []).map(async (id, photo) => {
          const row = rows.find((candidate) => candidate.id === id);
          if (!row) fail('3.9', `reservations[${index}].photoIds[${photo}]`);
          const head = await readHead(ctx, row.digest, row.size);
          staged.set(row.digest, { digest: row.digest, size: row.size, head });
          return { content: stagedToken(row.digest), name: `photo-${photo + 1}`, originalFileName: `photo-${photo + 1}` };
        }),
      ),
    ),
  );
  let signature = answer.signature;
  if (signature && !stagedFileOf(ctx, signature)) {
    const file = await stageBytes(ctx, decodeAttachmentContent(signature));
    staged.set(file.digest, file);
    signature = stagedToken(file.digest);
  }
  return { staged, photos, signature };
}

/** The first bytes of a stored file, from which its type and an image's size are read. */
async function readHead(ctx: ServiceContext, digest: string, size: number): Promise<Buffer> {
  const stream = await ctx.blobs.get(digest, { start: 0, end: Math.min(size, HEAD_BYTES) - 1 });
  if (!stream) fail('3.9', 'reservations');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
