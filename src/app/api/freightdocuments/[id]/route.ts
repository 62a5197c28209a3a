import { anyJson } from '@/server/http/any-json';
import { freightDocumentPdf, signedFreightDocument } from '@/server/http/document-representations';
import { JSON_MEDIA, PGP_SIGNATURE_MEDIA } from '@/server/http/negotiate';
import { PDF_MEDIA } from '@/server/http/pdf-response';
import { endpoint, route } from '@/server/http/route';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { replaceFreightDocument } from '@/server/services/freight-documents/replace-freight-document';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    operation: 'GET /freightdocuments/{id}',
    // Contract §1, §9: JSON by default, the consignment note as PDF or as PGP-signed JSON on request (also at …/pdf, …/pgp).
    produces: [JSON_MEDIA, PDF_MEDIA, PGP_SIGNATURE_MEDIA],
    handle: async (args) => {
      if (args.media === PDF_MEDIA) return freightDocumentPdf(args);
      if (args.media === PGP_SIGNATURE_MEDIA) return signedFreightDocument(args);
      return { body: await getFreightDocument({ ctx: args.ctx, input: { freightDocumentId: args.params.id! } }) };
    },
  }),
  PUT: endpoint({
    operation: 'PUT /freightdocuments/{id}',
    bodyKind: 'files',
    body: anyJson,
    // Contract §4: 205 Reset Content, no body; the client reads the document again.
    handle: async ({ ctx, params, body }) => {
      await replaceFreightDocument({ ctx, input: { freightDocumentId: params.id!, body } });
      return { status: 205 };
    },
  }),
});
