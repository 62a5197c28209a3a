import { z } from 'zod';
import { eftiStatusResponse } from '@/lib/schemas/efti';
import { ID } from './examples';
import type { ApiOperation } from './operation';

const DATASET_ID = '0c8f4d0e-3b1a-4c56-9f21-6a1f3e2b7d10';
const eftiQuery = z.object({ subsetId: z.string().optional().meta({ description: '`EU03` (the default) or `identifier`; repeated or comma-separated.' }) });
const gateQuery = z.object({
  subsetId: z.string().meta({ description: 'Subset ids the XSD annotations name (`EU03`, `identifier`, …) or `full`; repeated or comma-separated.' }),
});
const readExample = `<?xml version="1.0" encoding="UTF-8"?><consignment xmlns="http://efti.eu/v1/consignment/common"><carrier><name>Fast Trucks</name></carrier><carrierAcceptanceDateTime formatId="205">202612010800+0000</carrierAcceptanceDateTime></consignment>`;

/**
 * Contract §15, present only while eFTI is on (otherwise 2.2): a document's readiness, uploads and authority accesses
 * for its role holders, and the two routes an authority's eFTI gate calls (REF platform-api-for-gate.yaml), which take
 * the gate's own Basic credentials (or its certificate through a trusted proxy), not a client system's.
 */
export const eftiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/freightdocuments/{id}/efti',
    tag: 'eFTI',
    summary: 'What authorities would miss, the uploads to the eFTI gate and every authority access',
    description:
      'Readiness per subset: `MISSING` (a mandatory element without data, also one that comes later) and `TOO_LONG` (with `max`); it never blocks anything. Uploads and accesses newest first.',
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
              subsets: [
                {
                  subsetId: 'EU03',
                  complete: false,
                  problems: [{ path: 'carrier/postalAddress/streetName', field: 'carrier.streetName', problem: 'MISSING' }],
                },
              ],
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
    description: `Gate authentication (Basic). Root \`consignment\` of consignment-common.xsd; every request naming a document is audited. Example document id: ${ID}.`,
    auth: 'none',
    security: 'client',
    query: gateQuery,
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
      'Gate authentication (Basic). `text/plain`, 1–10,000 characters; e-mailed to the role holders and sent to subscribers with `event` `EFTI_FOLLOW_UP`.',
    auth: 'none',
    security: 'client',
    body: { schema: z.string().min(1).max(10_000), text: true, example: 'Roadside check at A1 km 12: please send the ADR certificate of the driver.' },
    parameterExamples: { datasetId: DATASET_ID },
    success: [{ status: 204, description: 'Received.' }],
    errors: ['1.1', '1.6', '2.2', '2.6', '3.2', '4.47'],
  },
];
