import { anyJson } from '@/server/http/any-json';
import { JSON_MEDIA } from '@/server/http/negotiate';
import { PDF_MEDIA, pdfResponse } from '@/server/http/pdf-response';
import { endpoint, route } from '@/server/http/route';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { renderFreightDocumentPdf } from '@/server/services/freight-documents/render-freight-document-pdf';
import { replaceFreightDocument } from '@/server/services/freight-documents/replace-freight-document';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    auth: 'bearer',
    // Contract §1, §9: JSON by default, the consignment note as PDF on request.
    produces: [JSON_MEDIA, PDF_MEDIA],
    handle: async ({ ctx, params, media, request }) =>
      media === PDF_MEDIA
        ? pdfResponse(await renderFreightDocumentPdf({ ctx, input: { freightDocumentId: params.id!, acceptLanguage: request.headers.get('accept-language') } }))
        : { body: await getFreightDocument({ ctx, input: { freightDocumentId: params.id! } }) },
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
