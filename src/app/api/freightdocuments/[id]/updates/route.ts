import { statusUpdateInput } from '@/lib/schemas/transfers';
import { endpoint, route } from '@/server/http/route';
import { updateFreightDocumentStatus } from '@/server/services/transfers/update-status';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/updates',
    body: statusUpdateInput,
    handle: async ({ ctx, params, body }) => ({
      status: 201,
      body: await updateFreightDocumentStatus({ ctx, input: { freightDocumentId: params.id!, body } }),
      headers: { Location: `/api/freightdocuments/${params.id}` },
    }),
  }),
});
