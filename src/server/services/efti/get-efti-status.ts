import { asc, desc, eq, and, inArray } from 'drizzle-orm';
import { readinessOf } from '@/lib/efti/readiness';
import { EU03, subsetIdsOf } from '@/lib/efti/subsets';
import { readinessSubsetSchema, type EftiStatusResponse } from '@/lib/schemas/efti';
import { eftiSettings } from '@/server/config/env';
import { documentAccesses, eftiUploadAttempts, eftiUploads } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { loadAccessibleDocument } from '../document/load-document';
import { loadDocumentContent } from '../document/serialize-document';
import { accessJson } from '../document/list-accesses';
import { uilOf } from '../document/efti-envelope';

/** The upload log shows this many uploads, the newest. */
export const UPLOAD_LOG_LIMIT = 100;

/**
 * `GET /freightdocuments/{id}/efti?subsetId=EU03` (contract §15), for the document's role holders: the data set's
 * identity, what each asked subset still lacks (EU03 by default, or `identifier`; another id 3.9), the identifier
 * uploads to the gate with every attempt, and every authority access, newest first. Readiness never blocks anything.
 */
export async function getEftiStatus({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { freightDocumentId: string; subsetIds: string[] };
}): Promise<EftiStatusResponse> {
  const settings = eftiSettings(ctx.config);
  if (!settings) fail('2.2');
  const requested = subsetIdsOf(input.subsetIds);
  const subsets = (requested.length > 0 ? requested : [EU03]).map((subset) => {
    const parsed = readinessSubsetSchema.safeParse(subset);
    if (!parsed.success) fail('3.9', 'subsetId');
    return parsed.data;
  });
  const loaded = await loadAccessibleDocument(ctx.db, requireAccountId(ctx), input.freightDocumentId);
  const content = await loadDocumentContent(ctx, loaded);
  const { id, datasetId } = loaded.document;
  const [uploads, accesses] = await Promise.all([
    ctx.db.select().from(eftiUploads).where(eq(eftiUploads.documentId, id)).orderBy(desc(eftiUploads.createdAt), desc(eftiUploads.id)).limit(UPLOAD_LOG_LIMIT),
    ctx.db
      .select()
      .from(documentAccesses)
      .where(and(eq(documentAccesses.documentId, id), inArray(documentAccesses.type, ['EFTI_GATE_READ', 'EFTI_FOLLOW_UP'])))
      .orderBy(desc(documentAccesses.id)),
  ]);
  const attempts = uploads.length
    ? await ctx.db
        .select()
        .from(eftiUploadAttempts)
        .where(
          inArray(
            eftiUploadAttempts.uploadId,
            uploads.map((upload) => upload.id),
          ),
        )
        .orderBy(asc(eftiUploadAttempts.attempt))
    : [];
  return {
    datasetId,
    uil: uilOf(settings, datasetId),
    subsets: subsets.map((subset) => readinessOf(content, subset)),
    uploads: uploads.map((upload) => ({
      uploadId: upload.id,
      reason: upload.reason,
      createDateTimeServer: upload.createdAt.toISOString(),
      state: upload.state,
      attempts: attempts
        .filter((attempt) => attempt.uploadId === upload.id)
        .map((attempt) => ({
          at: attempt.startedAt.toISOString(),
          ...(attempt.httpStatus !== null ? { httpStatus: attempt.httpStatus } : {}),
          ...(attempt.error !== null ? { error: attempt.error } : {}),
          durationMs: attempt.durationMs,
        })),
    })),
    accesses: accesses.map((row) => accessJson({ ...row, accessedAt: row.accessedAt.toISOString() })),
  };
}
