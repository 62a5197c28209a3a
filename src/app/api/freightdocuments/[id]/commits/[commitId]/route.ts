import { endpoint, route } from '@/server/http/route';
import { getCommit } from '@/server/services/freight-documents/get-commit';

/** Contract §6: one commit with the content its contentHash covers and the records it added. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    operation: 'GET /freightdocuments/{id}/commits/{commitId}',
    handle: async ({ ctx, params }) => ({ body: await getCommit({ ctx, input: { freightDocumentId: params.id!, commitId: params.commitId! } }) }),
  }),
});
