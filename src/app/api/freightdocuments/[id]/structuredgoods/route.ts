import { structuredGoodsPatchInput } from '@/lib/schemas/freight-document';
import { endpoint, route } from '@/server/http/route';
import { correctStructuredGoods } from '@/server/services/freight-documents/correct-structured-goods';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: endpoint({
    operation: 'PATCH /freightdocuments/{id}/structuredgoods',
    body: structuredGoodsPatchInput,
    handle: async ({ ctx, params, body }) => ({ body: await correctStructuredGoods({ ctx, input: { freightDocumentId: params.id!, body } }) }),
  }),
});
