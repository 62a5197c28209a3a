import { JSON_MEDIA, PGP_SIGNATURE_MEDIA } from '@/server/http/negotiate';
import { endpoint, route } from '@/server/http/route';
import { getReceipt, getSignedReceipt } from '@/server/services/legal-events/get-receipt';

/** Contract §14: the sender's receipt as JSON, or PGP-signed JSON on request. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    auth: 'bearer',
    produces: [JSON_MEDIA, PGP_SIGNATURE_MEDIA],
    handle: async ({ ctx, params, media }) => {
      const input = { freightDocumentId: params.id! };
      if (media === PGP_SIGNATURE_MEDIA) return new Response(await getSignedReceipt({ ctx, input }), { headers: { 'Content-Type': PGP_SIGNATURE_MEDIA } });
      return { body: await getReceipt({ ctx, input }) };
    },
  }),
});
