import { attachmentJson } from '@/server/http/attachment-response';
import { endpoint, route } from '@/server/http/route';
import { getAttachment } from '@/server/services/freight-documents/get-attachment';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    operation: 'GET /attachment/{id}',
    handle: async ({ ctx, params }) => attachmentJson(await getAttachment({ ctx, input: { attachmentId: params.id! } })),
  }),
});
