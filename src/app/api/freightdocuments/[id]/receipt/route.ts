import { receiptPdf, signedReceipt } from '@/server/http/document-representations';
import { JSON_MEDIA, PGP_SIGNATURE_MEDIA } from '@/server/http/negotiate';
import { PDF_MEDIA } from '@/server/http/pdf-response';
import { endpoint, route } from '@/server/http/route';
import { getReceipt } from '@/server/services/legal-events/get-receipt';

/** Contract §14: the sender's receipt as JSON, PDF (in the Accept-Language's language) or PGP-signed JSON (also at …/pdf, …/pgp). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    operation: 'GET /freightdocuments/{id}/receipt',
    produces: [JSON_MEDIA, PDF_MEDIA, PGP_SIGNATURE_MEDIA],
    handle: async (args) => {
      if (args.media === PDF_MEDIA) return receiptPdf(args);
      if (args.media === PGP_SIGNATURE_MEDIA) return signedReceipt(args);
      return { body: await getReceipt({ ctx: args.ctx, input: { freightDocumentId: args.params.id! } }) };
    },
  }),
});
