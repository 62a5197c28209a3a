import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { documentChainChecks, documentCommits, freightDocuments } from '@/server/db/schema';
import { getBlobStore, type BlobStore } from '@/server/blobs';
import { verifyChainFrom, type ChainVerification } from './verify-commit-chain';

/** Checks under way in this process, by document and heads: visitors of one page at once share one check. */
const running = new Map<string, Promise<ChainVerification>>();

/** A kept result older than this (from the first commit) is checked from the start again, in the background. */
export const FULL_CHECK_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * The database's MD5 over the hashed fields of the document's commits up to `upTo` (by sequence): a kept result holds
 * only while no commit row it covered has changed. Cheap (the rows are small), so every visit compares it.
 */
function fingerprintSql(documentId: string, upTo: number) {
  return sql<string>`(select coalesce(md5(string_agg(concat_ws('|', id, change_type, account_id, new_status, previous_commits::text,
      created_client::text, created_server::text, content_hash, hash_version, records_root), ',' order by sequence)), '')
    from ${documentCommits} where ${documentCommits.documentId} = ${documentId} and ${documentCommits.sequence} <= ${upTo})`;
}

/**
 * The document's heads, its last commit's sequence and (with `upTo`) the fingerprint of its commits up to there, read in
 * one statement (so they belong together).
 */
async function headOf(db: DbOrTx, documentId: string, upTo?: number): Promise<{ heads: string[]; sequence: number; fingerprint: string }> {
  const last = sql`(select coalesce(max(${documentCommits.sequence}), 0) from ${documentCommits} where ${documentCommits.documentId} = ${documentId})`;
  const [row] = await db
    .select({
      heads: freightDocuments.headCommits,
      sequence: sql<number>`${last}`,
      fingerprint: upTo === undefined ? sql<string>`''` : fingerprintSql(documentId, upTo),
    })
    .from(freightDocuments)
    .where(eq(freightDocuments.id, documentId));
  return { heads: [...(row?.heads ?? [])].sort(), sequence: Number(row?.sequence ?? 0), fingerprint: String(row?.fingerprint ?? '') };
}
const sameHeads = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((head, index) => head === b[index]);
type Kept = typeof documentChainChecks.$inferSelect;

/**
 * The chain check of the verification page (contract §1, §6, §9): its result is kept per head, so a page answers from
 * it until the next commit; after one, only the commits since the last check are verified (an intact chain stays
 * intact below them; a broken one is checked again from the start). A commit row changed behind the service's back
 * (the fingerprint differs) makes it check from the start at once; contents, records and attachment bytes are checked
 * from the start again once a day, in the background. Runs in time slices (verify-commit-chain.ts), so other requests
 * are served meanwhile. A check covers the commits up to the heads it found at its start and is kept for them, also
 * when changes came meanwhile (the next check goes on from there).
 */
export async function checkDocumentChain(db: DbOrTx, documentId: string, blobs: BlobStore = getBlobStore()): Promise<ChainVerification> {
  const [kept] = await db.select().from(documentChainChecks).where(eq(documentChainChecks.documentId, documentId));
  const head = await headOf(db, documentId, kept?.verifiedSequence);
  const untouched = kept !== undefined && head.fingerprint === kept.fingerprint;
  const stale = kept !== undefined && Date.now() - kept.fullCheckAt.getTime() > FULL_CHECK_EVERY_MS;
  if (kept && untouched && sameHeads(kept.heads, head.heads)) {
    if (stale) void startCheck(db, documentId, head, undefined, blobs).catch(() => undefined);
    return kept.result as unknown as ChainVerification;
  }
  return startCheck(db, documentId, head, untouched && !stale ? kept : undefined, blobs);
}

function startCheck(db: DbOrTx, documentId: string, head: { heads: string[]; sequence: number }, from: Kept | undefined, blobs: BlobStore) {
  const key = `${documentId}|${head.heads.join(',')}|${from ? 'since' : 'full'}`;
  let check = running.get(key);
  if (!check) {
    check = runCheck(db, documentId, head, from, blobs).finally(() => running.delete(key));
    running.set(key, check);
  }
  return check;
}

/** Checks from `kept` on (an untouched, recent and intact check), else from the first commit, and keeps the result. */
async function runCheck(db: DbOrTx, documentId: string, head: { heads: string[]; sequence: number }, kept: Kept | undefined, blobs: BlobStore) {
  const previous = kept?.result as ChainVerification | undefined;
  const since =
    previous?.intact && kept!.verifiedSequence <= head.sequence
      ? { sequence: kept!.verifiedSequence, commits: previous.commits, verifiedContent: previous.verifiedContent }
      : undefined;
  const unchanged = async () => sameHeads((await headOf(db, documentId)).heads, head.heads);
  const { lastSequence: _last, ...result } = await verifyChainFrom(db, documentId, { since, until: head.sequence, unchanged, blobs });
  const now = new Date();
  const row = {
    heads: head.heads,
    verifiedSequence: head.sequence,
    fingerprint: (await headOf(db, documentId, head.sequence)).fingerprint,
    result: result as unknown as Record<string, unknown>,
    checkedAt: now,
    fullCheckAt: since ? kept!.fullCheckAt : now,
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
export function keepChainCheckWarm(db: DbOrTx, documentId: string, blobs?: BlobStore): void {
  if (scheduled.has(documentId)) return;
  scheduled.add(documentId);
  const timer = setTimeout(() => {
    scheduled.delete(documentId);
    checkDocumentChain(db, documentId, blobs).catch(() => undefined);
  }, WARM_CHECK_DELAY_MS);
  timer.unref?.();
}
