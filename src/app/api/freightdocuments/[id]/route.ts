import { anyJson } from '@/server/http/any-json';
import { JSON_MEDIA, PGP_SIGNATURE_MEDIA } from '@/server/http/negotiate';
import { PDF_MEDIA, pdfResponse } from '@/server/http/pdf-response';
import { endpoint, route } from '@/server/http/route';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { getSignedFreightDocument } from '@/server/services/freight-documents/get-signed-freight-document';
import { renderFreightDocumentPdf } from '@/server/services/freight-documents/render-freight-document-pdf';
import { replaceFreightDocument } from '@/server/services/freight-documents/replace-freight-document';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    auth: 'bearer',
    // Contract §1, §9: JSON by default, the consignment note as PDF or as PGP-signed JSON on request.
    produces: [JSON_MEDIA, PDF_MEDIA, PGP_SIGNATURE_MEDIA],
    handle: async ({ ctx, params, media, request }) => {
      const input = { freightDocumentId: params.id! };
      if (media === PDF_MEDIA) {
        return pdfResponse(await renderFreightDocumentPdf({ ctx, input: { ...input, acceptLanguage: request.headers.get('accept-language') } }));
      }
      if (media === PGP_SIGNATURE_MEDIA) {
        return new Response(await getSignedFreightDocument({ ctx, input }), { headers: { 'Content-Type': PGP_SIGNATURE_MEDIA } });
      }
      return { body: await getFreightDocument({ ctx, input }) };
    },
  }),
  PUT: endpoint({
    auth: 'bearer',
    bodyKind: 'files',
    body: anyJson,
    // Contract §4: 205 Reset Content, no body; the client reads the document again.
    handle: async ({ ctx, params, body }) => {
      await replaceFreightDocument({ ctx, input: { freightDocumentId: params.id!, body } });
      return { status: 205 };
    },
  }),
});
