import { endpoint, route } from '@/server/http/route';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/issue',
    handle: async ({ ctx, params }) => ({ body: await issueFreightDocument({ ctx, input: { freightDocumentId: params.id! } }) }),
  }),
});
