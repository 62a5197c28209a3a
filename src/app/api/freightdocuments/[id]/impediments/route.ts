import { impedimentInput } from '@/lib/schemas/legal-events';
import { endpoint, route } from '@/server/http/route';
import { reportImpediment } from '@/server/services/legal-events/report-impediment';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/impediments',
    // Contract §1: §14's events may carry files (photos), like comments.
    bodyKind: 'files',
    body: impedimentInput,
    handle: async ({ ctx, params, body }) => ({
      status: 201,
      body: await reportImpediment({ ctx, input: { freightDocumentId: params.id!, body } }),
      headers: { Location: `/api/freightdocuments/${params.id}` },
    }),
  }),
});
