import { receiptPdf } from '@/server/http/document-representations';
import { PDF_MEDIA } from '@/server/http/pdf-response';
import { endpoint, route } from '@/server/http/route';

/** The sender's receipt as PDF at its own path (issue 35): the same answer as GET …/receipt with `Accept: application/pdf`. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({ operation: 'GET /freightdocuments/{id}/receipt/pdf', produces: [PDF_MEDIA], handle: receiptPdf }),
});
