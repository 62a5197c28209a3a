import { anyJson } from '@/server/http/any-json';
import { endpoint, route } from '@/server/http/route';
import { addAttachment } from '@/server/services/freight-documents/add-attachment';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/attachments',
    bodyKind: 'files',
    body: anyJson,
    handle: async ({ ctx, params, body }) => {
      const created = await addAttachment({ ctx, input: { freightDocumentId: params.id!, body } });
      return { status: 201, body: created, headers: { Location: `/api/attachment/${created.attachmentId}` } };
    },
  }),
});
