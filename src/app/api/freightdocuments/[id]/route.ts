import { anyJson } from '@/server/http/any-json';
import { endpoint, route } from '@/server/http/route';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { replaceFreightDocument } from '@/server/services/freight-documents/replace-freight-document';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    auth: 'bearer',
    handle: async ({ ctx, params }) => ({ body: await getFreightDocument({ ctx, input: { freightDocumentId: params.id! } }) }),
  }),
  PUT: endpoint({
    auth: 'bearer',
    body: anyJson,
    // Contract §4: 205 Reset Content, no body; the client reads the document again.
    handle: async ({ ctx, params, body }) => {
      await replaceFreightDocument({ ctx, input: { freightDocumentId: params.id!, body } });
      return { status: 205 };
    },
  }),
});
