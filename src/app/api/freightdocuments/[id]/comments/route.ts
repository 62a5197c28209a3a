import { commentInput } from '@/lib/schemas/transfers';
import { endpoint, route } from '@/server/http/route';
import { addComment } from '@/server/services/transfers/add-comment';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/comments',
    bodyKind: 'files',
    body: commentInput,
    handle: async ({ ctx, params, body }) => ({
      status: 201,
      body: await addComment({ ctx, input: { freightDocumentId: params.id!, body } }),
      headers: { Location: `/api/freightdocuments/${params.id}` },
    }),
  }),
});
