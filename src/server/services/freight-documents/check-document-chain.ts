import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { documentChainChecks, freightDocuments } from '@/server/db/schema';
import { verifyChainFrom, type ChainVerification } from './verify-commit-chain';

/** Checks under way in this process, by document and heads: visitors of one page at once share one check. */
const running = new Map<string, Promise<ChainVerification>>();

const headsOf = async (db: DbOrTx, documentId: string) => {
  const [row] = await db.select({ heads: freightDocuments.headCommits }).from(freightDocuments).where(eq(freightDocuments.id, documentId));
  return [...(row?.heads ?? [])].sort();
};
const sameHeads = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((head, index) => head === b[index]);

/**
 * The chain check of the verification page (contract §1, §6, §9): its result is kept per head, so a page answers from
 * it until the next commit; after one, only the commits since the last check are verified (an intact chain stays
 * intact below them; a broken one is checked again from the start). Runs in time slices (verify-commit-chain.ts), so
 * other requests are served meanwhile. A result is kept only when the heads did not move while it was made.
 */
export async function checkDocumentChain(db: DbOrTx, documentId: string): Promise<ChainVerification> {
  const heads = await headsOf(db, documentId);
  const [kept] = await db.select().from(documentChainChecks).where(eq(documentChainChecks.documentId, documentId));
  if (kept && sameHeads(kept.heads, heads)) return kept.result as unknown as ChainVerification;
  const key = `${documentId}|${heads.join(',')}`;
  let check = running.get(key);
  if (!check) {
    check = runCheck(db, documentId, heads, kept).finally(() => running.delete(key));
    running.set(key, check);
  }
  return check;
}

async function runCheck(db: DbOrTx, documentId: string, heads: string[], kept: typeof documentChainChecks.$inferSelect | undefined) {
  const previous = kept?.result as ChainVerification | undefined;
  const since = previous?.intact ? { sequence: kept!.verifiedSequence, commits: previous.commits, verifiedContent: previous.verifiedContent } : undefined;
  const { lastSequence, ...result } = await verifyChainFrom(db, documentId, since);
  if (sameHeads(await headsOf(db, documentId), heads)) {
    const row = { heads, verifiedSequence: result.intact ? lastSequence : 0, result: result as unknown as Record<string, unknown>, checkedAt: new Date() };
    await db
      .insert(documentChainChecks)
      .values({ documentId, ...row })
      .onConflictDoUpdate({ target: documentChainChecks.documentId, set: row });
  }
  return result;
}
