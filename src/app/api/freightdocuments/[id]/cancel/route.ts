import { endpoint, route } from '@/server/http/route';
import { cancelFreightDocument } from '@/server/services/freight-documents/cancel-freight-document';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/cancel',
    handle: async ({ ctx, params }) => ({ body: await cancelFreightDocument({ ctx, input: { freightDocumentId: params.id! } }) }),
  }),
});
