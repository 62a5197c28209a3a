import { and, eq, isNull, ne } from 'drizzle-orm';
import { HANDOVER_TOKEN } from '@/lib/schemas/handover';
import type { DbOrTx } from '@/server/db/client';
import { freightDocuments, handoverLinks } from '@/server/db/schema';
import { hashToken } from '@/server/crypto/tokens';
import type { ServiceContext } from '../context';
import { loadDelegationSources } from '../access/delegation-sources';
import { visibleTo } from '../access/visibility';

export type HandoverLinkRow = typeof handoverLinks.$inferSelect;

/**
 * A hand-over link by its token (contract §7): unknown (404), used, ended or expired (410), or open. A link whose
 * creator can no longer see the document (a delegation revoked, a role replaced, the document cancelled) has ended
 * too (issue 32: it answered 200 with the "ended" page): the approval would be recorded as submitted by that account.
 * The token is looked up by its hash, so the comparison is of hashes and leaks nothing of the token; a malformed
 * one never reaches the database.
 */
export async function handoverLinkState(
  db: DbOrTx,
  token: string,
  now: Date,
): Promise<{ state: 'UNKNOWN' } | { state: 'GONE' } | { state: 'OPEN'; link: HandoverLinkRow }> {
  if (!HANDOVER_TOKEN.test(token)) return { state: 'UNKNOWN' };
  const [link] = await db
    .select()
    .from(handoverLinks)
    .where(eq(handoverLinks.tokenHash, hashToken(token)));
  if (!link) return { state: 'UNKNOWN' };
  if (link.usedAt || link.expiresAt.getTime() <= now.getTime()) return { state: 'GONE' };
  if (!(await creatorSees(db, link))) return { state: 'GONE' };
  return { state: 'OPEN', link };
}

async function creatorSees(db: DbOrTx, link: HandoverLinkRow): Promise<boolean> {
  const sources = await loadDelegationSources(db, link.createdByAccountId);
  const [visible] = await db
    .select({ id: freightDocuments.id })
    .from(freightDocuments)
    .where(and(eq(freightDocuments.id, link.documentId), visibleTo(link.createdByAccountId, sources)));
  return !!visible;
}

/**
 * Ends the open links of a transfer but `keep` (contract §7: a new link ends the earlier ones; issue 32: an answer,
 * a decline too, ends the others), in the caller's transaction.
 */
export async function endTransferLinks(
  db: DbOrTx,
  transfer: { documentId: string; action: HandoverLinkRow['action']; counterPartyRoleId: string | null },
  now: Date,
  keep?: string,
): Promise<void> {
  await db
    .update(handoverLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(handoverLinks.documentId, transfer.documentId),
        eq(handoverLinks.action, transfer.action),
        transfer.counterPartyRoleId ? eq(handoverLinks.counterPartyRoleId, transfer.counterPartyRoleId) : isNull(handoverLinks.counterPartyRoleId),
        isNull(handoverLinks.usedAt),
        ...(keep ? [ne(handoverLinks.id, keep)] : []),
      ),
    );
}

/** The HTTP status of the public hand-over page for `token` (contract §7): 404 unknown, 410 used or expired. */
export async function handoverPageStatus({ ctx, input }: { ctx: ServiceContext; input: { token: string } }): Promise<404 | 410 | undefined> {
  const found = await handoverLinkState(ctx.db, input.token, ctx.now());
  return found.state === 'UNKNOWN' ? 404 : found.state === 'GONE' ? 410 : undefined;
}
