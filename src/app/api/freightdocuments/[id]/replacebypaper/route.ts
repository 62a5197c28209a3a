import { replaceByPaperInput } from '@/lib/schemas/legal-events';
import { endpoint, route } from '@/server/http/route';
import { replaceByPaper } from '@/server/services/legal-events/replace-by-paper';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/replacebypaper',
    // Contract §1: §14's events may carry files (photos), like comments.
    bodyKind: 'files',
    body: replaceByPaperInput,
    handle: async ({ ctx, params, body }) => ({ body: await replaceByPaper({ ctx, input: { freightDocumentId: params.id!, body } }) }),
  }),
});
