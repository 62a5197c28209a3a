import { and, eq, sql } from 'drizzle-orm';
import { buildIdentifierSubset } from '@/lib/efti/xml';
import { eftiSettings } from '@/server/config/env';
import { eftiUploadAttempts, eftiUploads, freightDocuments } from '@/server/db/schema';
import { queryRows } from '@/server/db/rows';
import { putIdentifiers, type GateOutcome } from '@/server/efti/gate-client';
import type { JobContext, JobPayload } from '@/server/jobs/kinds';
import { eftiSourceOf } from './dataset-source';

/**
 * Job `efti.upload` (contract §15): one attempt of an identifier upload. It sends the content current when it runs; an
 * upload no longer PENDING (superseded by a newer one, or finished by an earlier run) is left alone. The attempt is
 * recorded before the request goes out and completed with its outcome; success makes the upload SUCCEEDED, the last
 * failed attempt FAILED, other failures are retried by the queue after EFTI_RETRY_DELAYS_MS.
 */
export async function uploadIdentifiers({ uploadId }: JobPayload<'efti.upload'>, { db, config, signal, attempt }: JobContext) {
  const settings = eftiSettings(config);
  const [upload] = await db
    .select({ state: eftiUploads.state, documentId: eftiUploads.documentId, datasetId: freightDocuments.datasetId })
    .from(eftiUploads)
    .innerJoin(freightDocuments, eq(freightDocuments.id, eftiUploads.documentId))
    .where(eq(eftiUploads.id, uploadId));
  if (!upload || upload.state !== 'PENDING' || !settings) return;

  const startedAt = new Date();
  const claimed = await queryRows(
    db,
    sql`insert into efti_upload_attempts (upload_id, attempt, started_at) values (${uploadId}, ${attempt}, ${startedAt.toISOString()}::timestamptz)
        on conflict do nothing returning attempt`,
  );
  if (claimed.length === 0) throw new Error(`attempt ${attempt} was made already`);

  const source = await eftiSourceOf(db, upload.documentId);
  const outcome: GateOutcome = source
    ? await putIdentifiers(settings, upload.datasetId, buildIdentifierSubset(source), signal)
    : { ok: false, error: 'the document is gone' };
  const last = attempt >= settings.retryDelaysMs.length + 1;
  await db.transaction(async (tx) => {
    await tx
      .update(eftiUploadAttempts)
      .set({ httpStatus: outcome.httpStatus ?? null, error: outcome.ok ? null : outcome.error, durationMs: Date.now() - startedAt.getTime() })
      .where(and(eq(eftiUploadAttempts.uploadId, uploadId), eq(eftiUploadAttempts.attempt, attempt)));
    const state = outcome.ok ? 'SUCCEEDED' : last ? 'FAILED' : undefined;
    // A newer upload may have superseded this one meanwhile: its state stays.
    if (state)
      await tx
        .update(eftiUploads)
        .set({ state })
        .where(and(eq(eftiUploads.id, uploadId), eq(eftiUploads.state, 'PENDING')));
  });
  if (!outcome.ok) throw new Error(outcome.error);
}
