import { resolveLocale } from '@/lib/i18n/negotiate-locale';
import { JSON_MEDIA, PGP_SIGNATURE_MEDIA } from '@/server/http/negotiate';
import { PDF_MEDIA, receiptPdfResponse } from '@/server/http/pdf-response';
import { endpoint, route } from '@/server/http/route';
import { getReceipt, getSignedReceipt } from '@/server/services/legal-events/get-receipt';
import { renderReceiptPdf } from '@/server/services/legal-events/render-receipt-pdf';

/** Contract §14: the sender's receipt as JSON, PDF (in the Accept-Language's language) or PGP-signed JSON. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    auth: 'bearer',
    produces: [JSON_MEDIA, PDF_MEDIA, PGP_SIGNATURE_MEDIA],
    handle: async ({ ctx, params, media, request }) => {
      const input = { freightDocumentId: params.id! };
      if (media === PDF_MEDIA) {
        const locale = resolveLocale(undefined, request.headers.get('accept-language'));
        return receiptPdfResponse(await renderReceiptPdf({ ctx, input: { ...input, locale } }));
      }
      if (media === PGP_SIGNATURE_MEDIA) return new Response(await getSignedReceipt({ ctx, input }), { headers: { 'Content-Type': PGP_SIGNATURE_MEDIA } });
      return { body: await getReceipt({ ctx, input }) };
    },
  }),
});
