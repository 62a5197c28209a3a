import { and, count, eq } from 'drizzle-orm';
import type { EftiEnvelopeResponse } from '@/lib/schemas/efti';
import { eftiSettings, type AppConfig, type EftiSettings } from '@/server/config/env';
import type { DbOrTx } from '@/server/db/client';
import { documentAccesses } from '@/server/db/schema/index';

/** The unique electronic identifying link (2024/1942 Art. 11(2)): `{gateId}/{platformId}/{datasetId}`. */
export function uilOf(settings: Pick<EftiSettings, 'gateId' | 'platformId'>, datasetId: string): string {
  return `${settings.gateId}/${settings.platformId}/${datasetId}`;
}

/** The UIL of a document while eFTI is on (the PDF prints it); undefined when it is off. */
export function uilOfDocument(config: AppConfig, datasetId: string): string | undefined {
  const settings = eftiSettings(config);
  return settings ? uilOf(settings, datasetId) : undefined;
}

/** How often authorities' gates have read a document's data set. */
export async function gateReadCount(db: DbOrTx, documentId: string): Promise<number> {
  const [row] = await db
    .select({ reads: count() })
    .from(documentAccesses)
    .where(and(eq(documentAccesses.documentId, documentId), eq(documentAccesses.type, 'EFTI_GATE_READ')));
  return Number(row?.reads ?? 0);
}

/** `efti` of a single read (contract §15), only while eFTI is on. */
export async function eftiEnvelopeOf(db: DbOrTx, config: AppConfig, document: { id: string; datasetId: string }): Promise<EftiEnvelopeResponse | undefined> {
  const settings = eftiSettings(config);
  if (!settings) return undefined;
  return {
    datasetId: document.datasetId,
    gateId: settings.gateId,
    platformId: settings.platformId,
    uil: uilOf(settings, document.datasetId),
    accessCount: await gateReadCount(db, document.id),
  };
}
