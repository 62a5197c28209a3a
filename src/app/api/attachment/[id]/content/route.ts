import { attachmentContent } from '@/server/http/attachment-response';
import { endpoint, route } from '@/server/http/route';
import { getAttachment } from '@/server/services/freight-documents/get-attachment';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    operation: 'GET /attachment/{id}/content',
    produces: ['*/*', 'application/json', 'application/pdf', 'image/png', 'image/jpeg', 'text/plain'],
    handle: async ({ ctx, params, query, request }) =>
      attachmentContent(await getAttachment({ ctx, input: { attachmentId: params.id! } }), query.get('encodeBase64') === 'true', request.headers),
  }),
});
