import { and, eq } from 'drizzle-orm';
import { eftiSettings, type AppConfig } from '@/server/config/env';
import type { DbOrTx } from '@/server/db/client';
import { eftiUploads } from '@/server/db/schema/index';
import { newId } from '@/server/crypto/tokens';
import { enqueue } from '@/server/jobs/queue';
import type { DocumentRow } from './rows';

export type UploadReason = (typeof eftiUploads.$inferInsert)['reason'];

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
const platesKey = (row: Pick<DocumentRow, 'licensePlates'>) => JSON.stringify(row.licensePlates);

/**
 * Why a commit changes what the gate's registry holds (contract §15): the issue; a plate; the COLLECTION or DELIVERY
 * completed (the status moves); before the collection, a move of the time `carrierAcceptanceDateTime` is taken from.
 * Undefined when the commit changes none of it (and always for drafts and cancelled documents).
 */
export function uploadReasonOf(
  before: Pick<DocumentRow, 'status' | 'licensePlates' | 'agreedDateTimeOfTakingOver' | 'estimatedDateTimeOfTakingOver'> | null,
  after: DocumentRow,
): UploadReason | undefined {
  if (after.status === 'DRAFT' || after.status === 'CANCELLED') return undefined;
  if (!before || before.status === 'DRAFT') return after.status === 'ISSUED' || after.status === 'TRANSIT' ? 'ISSUED' : undefined;
  if (before.status !== after.status) return after.status === 'TRANSIT' ? 'COLLECTION' : after.status === 'DELIVERED' ? 'DELIVERY' : undefined;
  if (platesKey(before) !== platesKey(after)) return 'LICENSE_PLATES';
  const timeMoved =
    !sameTime(before.agreedDateTimeOfTakingOver, after.agreedDateTimeOfTakingOver) ||
    (!after.agreedDateTimeOfTakingOver && !sameTime(before.estimatedDateTimeOfTakingOver, after.estimatedDateTimeOfTakingOver));
  return after.status === 'ISSUED' && timeMoved ? 'TAKING_OVER_TIME' : undefined;
}

/**
 * Queues an identifier upload in the change's transaction when eFTI is on and the commit moves what the gate holds: a
 * pending upload of the document becomes SUPERSEDED (the newest one sends the content current when it runs).
 */
export async function queueIdentifierUpload(
  db: DbOrTx,
  config: AppConfig,
  before: Parameters<typeof uploadReasonOf>[0],
  after: DocumentRow,
  now: Date,
): Promise<void> {
  const settings = eftiSettings(config);
  const reason = settings ? uploadReasonOf(before, after) : undefined;
  if (!settings || !reason) return;
  await db
    .update(eftiUploads)
    .set({ state: 'SUPERSEDED' })
    .where(and(eq(eftiUploads.documentId, after.id), eq(eftiUploads.state, 'PENDING')));
  const id = newId();
  await db.insert(eftiUploads).values({ id, documentId: after.id, reason, createdAt: now });
  await enqueue(
    db,
    'efti.upload',
    { uploadId: id },
    { lane: `efti-upload:${after.id}`, laneGroup: 'efti-gate', maxAttempts: settings.retryDelaysMs.length + 1 },
  );
}
