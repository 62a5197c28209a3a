import { and, asc, count, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { digestOfStreamOrMissing } from '@/server/blobs/read';
import { attachments } from '@/server/db/schema';
import { log } from '@/server/observability/logger';
import type { ServiceContext } from '../context';
import { sha256Hex } from '../document/snapshot';

export interface BlobMigrationBatch {
  /** Attachments whose bytes are now in the store (verified there) and whose column was cleared. */
  moved: number;
  /** Attachments whose stored bytes do not hash to their recorded digest: left in the column, for the operator. */
  mismatched: string[];
  /** The last attachment id this batch looked at: the next batch starts after it. */
  lastId: string | null;
  /** Attachments whose bytes are still in the column (the mismatched ones included). */
  remaining: number;
  /** No attachment after `lastId` holds bytes in the column: the run is complete. */
  done: boolean;
}

/**
 * One batch of `npm run admin -- blobs:migrate` (issue 37): moves the bytes of up to `batchSize` attachments from the
 * legacy `content` column into the blob store, in id order after `afterId`. Each file is stored under the digest its
 * row records (other bytes are refused), read back from the store whole and hashed again, and only then is its
 * column cleared, for the whole batch in one statement. A crash anywhere leaves each row either untouched (moved
 * again by the next run; storing existing bytes again changes nothing) or cleared with its blob verified. The
 * service keeps running meanwhile: readers take the column until it is cleared, the blob afterwards. One file is
 * in memory at a time.
 */
export async function migrateAttachmentBlobs({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { batchSize: number; afterId?: string };
}): Promise<BlobMigrationBatch> {
  const candidates = await ctx.db
    .select({ id: attachments.id, sha256: attachments.sha256 })
    .from(attachments)
    .where(and(isNotNull(attachments.content), input.afterId ? gt(attachments.id, input.afterId) : undefined))
    .orderBy(asc(attachments.id))
    .limit(input.batchSize);
  const moved: string[] = [];
  const mismatched: string[] = [];
  for (const candidate of candidates) {
    const [row] = await ctx.db
      .select({ content: attachments.content })
      .from(attachments)
      .where(and(eq(attachments.id, candidate.id), isNotNull(attachments.content)));
    if (!row?.content) continue;
    if (sha256Hex(row.content) !== candidate.sha256) {
      log().error({ attachmentId: candidate.id, digest: candidate.sha256 }, 'blobs:migrate: the stored bytes do not match their digest; left in the database');
      mismatched.push(candidate.id);
      continue;
    }
    const content = row.content;
    await ctx.blobs.put(
      (async function* () {
        yield content;
      })(),
      { expectedDigest: candidate.sha256 },
    );
    const readBack = await digestOfStreamOrMissing(await ctx.blobs.get(candidate.sha256));
    if (readBack !== candidate.sha256)
      throw new Error(`blobs:migrate: the store gave back other bytes for attachment ${candidate.id}; nothing of this batch was cleared`);
    moved.push(candidate.id);
  }
  if (moved.length > 0) await ctx.db.update(attachments).set({ content: null }).where(inArray(attachments.id, moved));
  const [left] = await ctx.db.select({ remaining: count() }).from(attachments).where(isNotNull(attachments.content));
  return { moved: moved.length, mismatched, lastId: candidates.at(-1)?.id ?? null, remaining: left?.remaining ?? 0, done: candidates.length < input.batchSize };
}
