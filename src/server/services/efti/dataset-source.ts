import { eq } from 'drizzle-orm';
import type { EftiSource } from '@/lib/efti/dataset';
import type { DbOrTx } from '@/server/db/client';
import { freightDocuments } from '@/server/db/schema';
import { loadDocumentState } from '../document/load-state';
import { documentContentJson } from '../document/document-json';

/** Loads done for the service itself (the gate, the upload job): no account's delegations or subscriptions apply. */
const NO_CALLER = '';

/** A DRAFT is no consignment yet, and a cancelled one none any more: to a gate both are an unknown data set. */
export const SERVED_STATUSES: ReadonlySet<string> = new Set(['ISSUED', 'TRANSIT', 'DELIVERED']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DatasetDocument {
  id: string;
  status: string;
  /** The head commits: what the data set is, at this moment, is fixed by them. */
  headCommits: string[];
}

/** The document a gate names by its data set's UUID, whatever its status; undefined for an id that is none. */
export async function documentOfDataset(db: DbOrTx, datasetId: string): Promise<DatasetDocument | undefined> {
  if (!UUID.test(datasetId)) return undefined;
  const [row] = await db
    .select({ id: freightDocuments.id, status: freightDocuments.status, headCommits: freightDocuments.headCommits })
    .from(freightDocuments)
    .where(eq(freightDocuments.datasetId, datasetId.toLowerCase()));
  return row;
}

/** The document's content with its history, as the mapping reads it (the same the API serializes). */
export async function eftiSourceOf(db: DbOrTx, documentId: string): Promise<EftiSource | undefined> {
  const state = await loadDocumentState(db, NO_CALLER, documentId);
  if (!state) return undefined;
  const { commits, files, records, people } = state.facts;
  return documentContentJson({
    document: state.document,
    roles: state.roles,
    people,
    history: { commits, files: files.map(({ sha256: _sha256, ...file }) => file), records },
  });
}
