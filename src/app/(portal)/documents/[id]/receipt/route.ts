import { portalReceiptPdf } from '@/server/http/document-representations';
import { PDF_MEDIA } from '@/server/http/pdf-response';
import { endpoint, route } from '@/server/http/route';

/** The portal's "Download the receipt": the REST wrapper's way in, with the portal's session as the caller (issue 33). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    operation: { internal: "the portal's download of the sender's receipt (GET /freightdocuments/{id}/receipt/pdf for client systems)", auth: 'session' },
    produces: [PDF_MEDIA],
    handle: portalReceiptPdf,
  }),
});
