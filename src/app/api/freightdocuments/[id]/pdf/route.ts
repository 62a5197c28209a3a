import { freightDocumentPdf } from '@/server/http/document-representations';
import { PDF_MEDIA } from '@/server/http/pdf-response';
import { endpoint, route } from '@/server/http/route';

/** The consignment note as PDF at its own path (issue 35): the same answer as GET …/{id} with `Accept: application/pdf`. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({ operation: 'GET /freightdocuments/{id}/pdf', produces: [PDF_MEDIA], handle: freightDocumentPdf }),
});
