import { LRUCache } from 'lru-cache';
import { isKnownSubset, subsetIdsOf } from '@/lib/efti/subsets';
import { buildConsignmentSubsets } from '@/lib/efti/xml';
import type { ServiceContext } from '../context';
import { SERVED_STATUSES, documentOfDataset, eftiSourceOf, type DatasetDocument } from './dataset-source';
import { recordGateAccess, refusal, type GateAnswer } from './gate-answer';

/**
 * The XML answered, by document, head commits and subsets: a data set changes only with a commit, so an answer can be
 * given again until the heads move (the key then differs). Issue 36's target, p99 ≤ 100 ms for 500 goods lines, is met
 * by not mapping the same content twice; per process, bounded by size.
 */
const answers = new LRUCache<string, string>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (xml) => xml.length + 1 });

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

async function answerFor(ctx: ServiceContext, document: DatasetDocument | undefined, subsets: string[]): Promise<GateAnswer> {
  if (subsets.length === 0) return refusal('2.1', 'subsetId');
  if (!subsets.every(isKnownSubset)) return refusal('3.9', 'subsetId');
  if (!document || !SERVED_STATUSES.has(document.status)) return refusal('4.47');
  const key = JSON.stringify([document.id, [...document.headCommits].sort(), [...subsets].sort()]);
  let body = answers.get(key);
  if (body === undefined) {
    const source = await eftiSourceOf(ctx.db, document.id);
    if (!source) return refusal('4.47');
    body = buildConsignmentSubsets(source, subsets);
    answers.set(key, body);
  }
  return { status: 200, contentType: 'application/xml', body };
}
