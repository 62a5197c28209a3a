import { isKnownSubset, subsetIdsOf } from '@/lib/efti/subsets';
import { buildConsignmentSubsets } from '@/lib/efti/xml';
import type { ServiceContext } from '../context';
import { documentOfDataset, eftiSourceOf } from './dataset-source';
import { recordGateAccess, refusal, type GateAnswer } from './gate-answer';

/** A DRAFT is no consignment yet, and a cancelled one none any more: both answer as an unknown data set. */
const SERVED_STATUSES = new Set(['ISSUED', 'TRANSIT', 'DELIVERED']);

/**
 * `GET /v0/consignments/{datasetId}?subsetId=…` (contract §15, REF platform-api-for-gate.yaml): the data set's
 * requested subsets as XML of consignment-common.xsd. No subsetId 2.1; a subset no annotation names (nor `full`)
 * 3.9; an unknown data set, a draft's or a cancelled one's 4.47. Every answer about an existing document is recorded
 * as an access (the gate has been authenticated by then). A document replaced by paper is served as before.
 */
export async function serveConsignment({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { datasetId: string; subsetIds: string[]; requestId: string | null };
}): Promise<GateAnswer> {
  const subsets = subsetIdsOf(input.subsetIds);
  const document = await documentOfDataset(ctx.db, input.datasetId);
  const answer = await answerFor(ctx, document, subsets);
  if (document) await recordGateAccess(ctx.db, { documentId: document.id, type: 'EFTI_GATE_READ', at: ctx.now(), requestId: input.requestId, subsets, answer });
  return answer;
}

async function answerFor(ctx: ServiceContext, document: { id: string; status: string } | undefined, subsets: string[]): Promise<GateAnswer> {
  if (subsets.length === 0) return refusal('2.1', 'subsetId');
  if (!subsets.every(isKnownSubset)) return refusal('3.9', 'subsetId');
  const source = document && SERVED_STATUSES.has(document.status) ? await eftiSourceOf(ctx.db, document.id) : undefined;
  if (!source) return refusal('4.47');
  return { status: 200, contentType: 'application/xml', body: buildConsignmentSubsets(source, subsets) };
}
