import { authenticateGate, GATE_MEDIA, gateResponse, whileEftiOn } from '@/server/http/efti-gate';
import { endpoint } from '@/server/http/route';
import { gateRequestId } from '@/server/services/efti/gate-answer';
import { serveConsignment } from '@/server/services/efti/serve-consignment';

/** Contract §15, for an authority's eFTI gate (REF platform-api-for-gate.yaml): the data set's requested subsets. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = whileEftiOn({
  GET: endpoint({
    operation: 'GET /v0/consignments/{datasetId}',
    produces: GATE_MEDIA,
    beforeBody: authenticateGate,
    handle: async ({ ctx, params, query, request }) =>
      gateResponse(
        await serveConsignment({
          ctx,
          input: { datasetId: params.datasetId!, subsetIds: query.getAll('subsetId'), requestId: gateRequestId(request.headers.get('x-request-id')) },
        }),
      ),
  }),
});
