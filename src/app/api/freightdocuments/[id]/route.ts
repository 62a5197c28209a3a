import { anyJson } from '@/server/http/any-json';
import { JSON_MEDIA, PGP_SIGNATURE_MEDIA } from '@/server/http/negotiate';
import { endpoint, route } from '@/server/http/route';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { getSignedFreightDocument } from '@/server/services/freight-documents/get-signed-freight-document';
import { replaceFreightDocument } from '@/server/services/freight-documents/replace-freight-document';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    auth: 'bearer',
    produces: [JSON_MEDIA, PGP_SIGNATURE_MEDIA],
    handle: async ({ ctx, params, media }) => {
      const input = { freightDocumentId: params.id! };
      if (media === PGP_SIGNATURE_MEDIA) {
        return new Response(await getSignedFreightDocument({ ctx, input }), { headers: { 'Content-Type': PGP_SIGNATURE_MEDIA } });
      }
      return { body: await getFreightDocument({ ctx, input }) };
    },
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
