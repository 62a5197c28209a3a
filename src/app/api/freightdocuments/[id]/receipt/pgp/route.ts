import { signedReceipt } from '@/server/http/document-representations';
import { PGP_SIGNATURE_MEDIA } from '@/server/http/negotiate';
import { endpoint, route } from '@/server/http/route';

/** The sender's receipt as PGP-signed JSON at its own path (issue 35): the same answer as GET …/receipt with the PGP media type in Accept. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({ operation: 'GET /freightdocuments/{id}/receipt/pgp', produces: [PGP_SIGNATURE_MEDIA], handle: signedReceipt }),
});
