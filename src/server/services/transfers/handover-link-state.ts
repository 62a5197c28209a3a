import { eq } from 'drizzle-orm';
import { HANDOVER_TOKEN } from '@/lib/schemas/handover';
import type { DbOrTx } from '@/server/db/client';
import { handoverLinks } from '@/server/db/schema';
import { hashToken } from '@/server/crypto/tokens';
import type { ServiceContext } from '../context';

export type HandoverLinkRow = typeof handoverLinks.$inferSelect;

/**
 * A hand-over link by its token (contract §7): unknown (404), used or expired (410), or open. The token is looked
 * up by its hash, so the comparison is of hashes and leaks nothing of the token; a malformed one never reaches
 * the database.
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
  return { state: 'OPEN', link };
}

/** The HTTP status of the public hand-over page for `token` (contract §7): 404 unknown, 410 used or expired. */
export async function handoverPageStatus({ ctx, input }: { ctx: ServiceContext; input: { token: string } }): Promise<404 | 410 | undefined> {
  const found = await handoverLinkState(ctx.db, input.token, ctx.now());
  return found.state === 'UNKNOWN' ? 404 : found.state === 'GONE' ? 410 : undefined;
}
