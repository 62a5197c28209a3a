import { z } from 'zod';
import { eftiStatusResponse } from '@/lib/schemas/efti';
import type { EftiSource } from '@/lib/efti/dataset';
import { readinessOf } from '@/lib/efti/readiness';
import { EU03 } from '@/lib/efti/subsets';
import { buildConsignmentSubsets } from '@/lib/efti/xml';
import { documentExample, ID } from './examples';
import type { ApiOperation } from './operation';

const DATASET_ID = '0c8f4d0e-3b1a-4c56-9f21-6a1f3e2b7d10';
const eftiQuery = z.object({
  subsetId: z.string().optional().meta({
    description: 'The subsets to check: `EU03` (the default) and/or `identifier`, repeated or comma-separated (`EU03,identifier`); any other id is `3.9`.',
  }),
});
const gateQuery = z.object({
  subsetId: z.string().meta({
    description:
      'The subsets to answer: ids the subset annotations of the EU reference schema name (`EU03` the road consignment note’s content, `identifier`, national ones such as `DE01` …) or `full` (every element the service maps), repeated or comma-separated. Missing: `2.1`; an id no annotation names: `3.9`.',
  }),
});
/** The gate's own id of its request, kept in the audit trail (`requestId` of the access). */
const gateHeaders = z.object({
  'X-Request-ID': z.string().optional().meta({
    description:
      'The gate’s id of this request, 1–255 visible ASCII characters: kept as the access’s `requestId` (another form, or none, is kept as `null`), so the parties and the authority can name the same request. Header names are case-insensitive: where it also fits the rules of `X-Request-Id`, it is this request’s id in the service’s logs too.',
    example: 'a3e1c2d4-77f0-4b8e-9d51-0c1e2f3a4b5c',
  }),
});
/** The example document once issued, as the mapping reads it: the examples below are what the service makes of it. */
const issuedExample = { ...documentExample, status: 'ISSUED' } as unknown as EftiSource;
const readExample = buildConsignmentSubsets(issuedExample, [EU03]);

/**
 * Contract §15, present only while eFTI is on (otherwise 2.2): a document's readiness, uploads and authority accesses
 * for its role holders, and the two routes an authority's eFTI gate calls (REF platform-api-for-gate.yaml), which take
 * the gate's own Basic credentials (or its certificate through a trusted proxy), not a client system's: the reference
 * names them with their own security scheme (`eftiGate`), and neither rate limits nor Idempotency-Key apply to them.
 */
export const eftiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/freightdocuments/{id}/efti',
    tag: 'eFTI',
    summary: 'What authorities would miss, the uploads to the eFTI gate and every authority access',
    description:
      'For the document’s role holders, while eFTI is on: what an authority reading the data set would miss, per subset (`MISSING`: a mandatory element without data, also one that only comes later such as an approval; `TOO_LONG`: a value over its eFTI length, with `max`, sent split or cut). It never blocks anything: the portal shows it before issuing. Also the identifier uploads to the operator’s eFTI gate with every attempt, and every authority access, newest first. Guide: [eFTI for operators](/docs/guides/efti).',
    auth: 'bearer',
    query: eftiQuery,
    parameterExamples: { id: ID, subsetId: 'EU03' },
    success: [
      {
        status: 200,
        description: 'The document’s eFTI status.',
        content: {
          'application/json': {
            schema: eftiStatusResponse,
            example: {
              datasetId: DATASET_ID,
              uil: `borduria/acme/${DATASET_ID}`,
              subsets: [readinessOf(issuedExample, EU03)],
              uploads: [],
              accesses: [],
            },
          },
        },
      },
    ],
    errors: ['2.2', '3.9', '4.47'],
  },
  {
    method: 'get',
    path: '/v0/consignments/{datasetId}',
    tag: 'eFTI',
    summary: 'For an eFTI gate: the data set’s requested subsets as XML',
    description: `For an authority’s eFTI gate only, with the gate’s credentials (not an account’s or a client system’s). Answers within 1 s the elements of the requested subsets as XML: root \`consignment\` of namespace \`http://efti.eu/v1/consignment/common\` (valid against the EU reference schema \`consignment-common.xsd\`), aggregates only where they have content; times \`formatId="205"\` \`CCYYMMDDHHMM+0000\` (UTC), dates \`102\`, countries ISO 3166-1 alpha-2, gross weight in kg (\`KGM\`, 3 decimals), volume in m³ (\`MTQ\`). Issued, in transit, delivered and replaced-by-paper documents are served; an unknown \`datasetId\`, a draft and a cancelled document are \`4.47\`. Every authenticated request naming a document is recorded, whatever the answer, as an access (\`EFTI_GATE_READ\`) the parties see. Refusals are the usual JSON error body. (The data set of document ${ID} in the examples.)`,
    auth: 'none',
    security: 'eftiGate',
    query: gateQuery,
    requestHeaders: gateHeaders,
    parameterExamples: { datasetId: DATASET_ID, subsetId: 'EU03' },
    success: [{ status: 200, description: 'The requested subsets.', content: { 'application/xml': { format: 'text', example: readExample } } }],
    errors: ['1.1', '1.6', '2.1', '2.2', '3.9', '4.47'],
  },
  {
    method: 'post',
    path: '/v0/consignments/{datasetId}/follow-up',
    tag: 'eFTI',
    summary: 'For an eFTI gate: a follow-up message about the consignment',
    description:
      'For an authority’s eFTI gate only, with the gate’s credentials. The body is the message as `text/plain` (UTF-8), 1–10,000 characters (`3.2`; another media type `2.6`). It is recorded as an access (`EFTI_FOLLOW_UP`, with the message and the gate’s `X-Request-ID`, or a `requestId` query parameter as the EU reference gate sends it) shown on the document, e-mailed to every role holder with an account, and sent to the document’s webhook subscribers with `event` `EFTI_FOLLOW_UP` and the unchanged `status`. Unknown `datasetId`, a draft or a cancelled document: `4.47`.',
    auth: 'none',
    security: 'eftiGate',
    requestHeaders: gateHeaders,
    body: {
      schema: z
        .string()
        .min(1)
        .max(10_000)
        .meta({ description: 'The authority’s message to the parties: plain text (UTF-8), 1–10,000 characters, shown and e-mailed as sent.' }),
      text: true,
      example: 'Roadside check at A1 km 12: please send the ADR certificate of the driver.',
    },
    parameterExamples: { datasetId: DATASET_ID },
    success: [{ status: 204, description: 'Received.' }],
    errors: ['1.1', '1.6', '2.2', '2.6', '3.2', '4.47'],
  },
];
