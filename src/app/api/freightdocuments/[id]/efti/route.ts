import { whileEftiOn } from '@/server/http/efti-gate';
import { endpoint } from '@/server/http/route';
import { getEftiStatus } from '@/server/services/efti/get-efti-status';

/** Contract §15: the document's eFTI readiness, uploads to the gate and authority accesses, for its role holders. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = whileEftiOn({
  GET: endpoint({
    operation: 'GET /freightdocuments/{id}/efti',
    handle: async ({ ctx, params, query }) => ({
      body: await getEftiStatus({ ctx, input: { freightDocumentId: params.id!, subsetIds: query.getAll('subsetId') } }),
    }),
  }),
});
