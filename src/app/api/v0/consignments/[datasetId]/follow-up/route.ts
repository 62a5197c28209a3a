import { authenticateGate, GATE_MEDIA, gateResponse, whileEftiOn } from '@/server/http/efti-gate';
import { endpoint } from '@/server/http/route';
import { gateRequestId } from '@/server/services/efti/gate-answer';
import { receiveFollowUp } from '@/server/services/efti/receive-follow-up';

/** Contract §15, for an authority's eFTI gate: a follow-up message about the consignment (text/plain). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = whileEftiOn({
  POST: endpoint<string>({
    operation: 'POST /v0/consignments/{datasetId}/follow-up',
    produces: GATE_MEDIA,
    beforeBody: authenticateGate,
    handle: async ({ ctx, params, body, request }) =>
      gateResponse(
        await receiveFollowUp({
          ctx,
          input: {
            datasetId: params.datasetId!,
            text: body,
            contentType: request.headers.get('content-type'),
            // The gate's id of the request; the reference API also passes a correlation id as `requestId`.
            requestId: gateRequestId(request.headers.get('x-request-id') ?? request.nextUrl.searchParams.get('requestId')),
          },
        }),
      ),
  }),
});
