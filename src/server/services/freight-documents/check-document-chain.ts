import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { documentChainChecks, documentCommits, freightDocuments } from '@/server/db/schema';
import { verifyChainFrom, type ChainVerification } from './verify-commit-chain';

/** Checks under way in this process, by document and heads: visitors of one page at once share one check. */
const running = new Map<string, Promise<ChainVerification>>();

/** The document's heads and its last commit's sequence, read in one statement (so they belong together). */
async function headOf(db: DbOrTx, documentId: string): Promise<{ heads: string[]; sequence: number }> {
  const [row] = await db
    .select({
      heads: freightDocuments.headCommits,
      sequence: sql<number>`(select coalesce(max(${documentCommits.sequence}), 0) from ${documentCommits} where ${documentCommits.documentId} = ${documentId})`,
    })
    .from(freightDocuments)
    .where(eq(freightDocuments.id, documentId));
  return { heads: [...(row?.heads ?? [])].sort(), sequence: Number(row?.sequence ?? 0) };
}
const sameHeads = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((head, index) => head === b[index]);

/**
 * The chain check of the verification page (contract §1, §6, §9): its result is kept per head, so a page answers from
 * it until the next commit; after one, only the commits since the last check are verified (an intact chain stays
 * intact below them; a broken one is checked again from the start). Runs in time slices (verify-commit-chain.ts), so
 * other requests are served meanwhile. A check covers the commits up to the heads it found at its start and is kept
 * for them, also when changes came meanwhile (the next check goes on from there).
 */
export async function checkDocumentChain(db: DbOrTx, documentId: string): Promise<ChainVerification> {
  const head = await headOf(db, documentId);
  const [kept] = await db.select().from(documentChainChecks).where(eq(documentChainChecks.documentId, documentId));
  if (kept && sameHeads(kept.heads, head.heads)) return kept.result as unknown as ChainVerification;
  const key = `${documentId}|${head.heads.join(',')}`;
  let check = running.get(key);
  if (!check) {
    check = runCheck(db, documentId, head, kept).finally(() => running.delete(key));
    running.set(key, check);
  }
  return check;
}

async function runCheck(
  db: DbOrTx,
  documentId: string,
  head: { heads: string[]; sequence: number },
  kept: typeof documentChainChecks.$inferSelect | undefined,
) {
  const previous = kept?.result as ChainVerification | undefined;
  const since =
    previous?.intact && kept!.verifiedSequence <= head.sequence
      ? { sequence: kept!.verifiedSequence, commits: previous.commits, verifiedContent: previous.verifiedContent }
      : undefined;
  const unchanged = async () => sameHeads((await headOf(db, documentId)).heads, head.heads);
  const { lastSequence: _last, ...result } = await verifyChainFrom(db, documentId, { since, until: head.sequence, unchanged });
  const row = {
    heads: head.heads,
    verifiedSequence: result.intact ? head.sequence : 0,
    result: result as unknown as Record<string, unknown>,
    checkedAt: new Date(),
  };
  await db
    .insert(documentChainChecks)
    .values({ documentId, ...row })
    .onConflictDoUpdate({ target: documentChainChecks.documentId, set: row });
  return result;
}

/** How long after a change its chain check runs in the background: a burst of changes is checked once. */
export const WARM_CHECK_DELAY_MS = 2_000;
const scheduled = new Set<string>();

/**
 * Keeps a document's chain check warm (contract §1: the page answers within 1 s for any allowed document): a while
 * after a change, the commits since the last check are verified in the background, so that a visit finds at most the
 * last few seconds' commits to verify. A failed background check (the database closed, a conflict) only leaves the
 * next visit more to do.
 */
export function keepChainCheckWarm(db: DbOrTx, documentId: string): void {
  if (scheduled.has(documentId)) return;
  scheduled.add(documentId);
  const timer = setTimeout(() => {
    scheduled.delete(documentId);
    checkDocumentChain(db, documentId).catch(() => undefined);
  }, WARM_CHECK_DELAY_MS);
  timer.unref?.();
}
