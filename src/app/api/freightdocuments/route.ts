import { anyJson } from '@/server/http/any-json';
import { endpoint, route } from '@/server/http/route';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { listFreightDocuments } from '@/server/services/freight-documents/list-freight-documents';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    operation: 'GET /freightdocuments',
    handle: async ({ ctx, query }) => ({ body: await listFreightDocuments({ ctx, input: { query: query.entries() } }) }),
  }),
  POST: endpoint({
    operation: 'POST /freightdocuments',
    bodyKind: 'files',
    body: anyJson,
    handle: async ({ ctx, body, request }) => {
      const { freightDocumentId } = await createFreightDocument({ ctx, input: body });
      const base = request.nextUrl.pathname.replace(/\/+$/, '');
      return { status: 201, body: { freightDocumentId }, headers: { Location: `${base}/${freightDocumentId}` } };
    },
  }),
});
