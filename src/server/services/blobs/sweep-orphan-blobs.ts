import { asc, inArray, lt, sql } from 'drizzle-orm';
import { attachments, blobUploads } from '@/server/db/schema';
import type { DbOrTx } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import type { ServiceContext } from '../context';

/** An upload no attachment names is an orphan once this much time has passed since it was (last) uploaded. */
export const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * The digests among `digests` that any commit's stored content names. Commit contents name attachments by digest
 * (contract §6), and every digest a commit names belongs to an attachment row, which is never deleted: this second
 * look is the guarantee's belt and braces. It searches the text of the contents (whatever their hash version's
 * form), so it only ever keeps too much, never too little; it runs for the few digests no attachment names.
 */
async function namedByCommits(db: DbOrTx, digests: string[]): Promise<Set<string>> {
  if (digests.length === 0) return new Set();
  const rows = await queryRows<{ digest: string }>(
    db,
    sql`select candidate.digest from unnest(${`{${digests.join(',')}}`}::text[]) as candidate(digest)
        where exists (select 1 from document_snapshots snapshot where strpos(snapshot.body::text, candidate.digest) > 0)`,
  );
  return new Set(rows.map((row) => row.digest));
}

/**
 * The orphan sweep (issue 37): a blob that an upload put into the store (upload records, staged-files.ts) and that
 * after 24 hours no attachment row and no commit content names (a refused body, a failed change, a dropped
 * connection) is deleted, with its record; named ones just lose their record. Temporary objects of uploads that
 * never finished go after 24 hours too. Nothing else is ever deleted: a draft's removed attachment keeps its row.
 * Records are taken FOR UPDATE SKIP LOCKED, and an upload of the same bytes refreshes its record first (waiting for
 * a sweep that holds it), so a blob is never deleted under an upload that is about to name it.
 */
export async function sweepOrphanBlobs({ ctx, now = new Date() }: { ctx: Pick<ServiceContext, 'db' | 'blobs'>; now?: Date }) {
  const cutoff = new Date(now.getTime() - ORPHAN_AFTER_MS);
  const temporaries = await ctx.blobs.deleteStaleTemporaries(cutoff);
  let deleted = 0;
  let kept = 0;
  for (;;) {
    const swept = await ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({ digest: blobUploads.digest })
        .from(blobUploads)
        .where(lt(blobUploads.uploadedAt, cutoff))
        .orderBy(asc(blobUploads.uploadedAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return undefined;
      const digests = due.map((row) => row.digest);
      const named = new Set(
        (await tx.selectDistinct({ digest: attachments.sha256 }).from(attachments).where(inArray(attachments.sha256, digests))).map((row) => row.digest),
      );
      const inCommits = await namedByCommits(
        tx,
        digests.filter((digest) => !named.has(digest)),
      );
      const orphans = digests.filter((digest) => !named.has(digest) && !inCommits.has(digest));
      for (const digest of orphans) await ctx.blobs.delete(digest);
      await tx.delete(blobUploads).where(inArray(blobUploads.digest, digests));
      return { deleted: orphans.length, kept: digests.length - orphans.length };
    });
    if (!swept) break;
    deleted += swept.deleted;
    kept += swept.kept;
  }
  return { deleted, kept, temporaries };
}
