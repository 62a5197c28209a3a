import { endpoint, route } from '@/server/http/route';
import { getPublicKey } from '@/server/services/pgp/get-public-key';

/** Contract §9: the armored public key of the signed documents, for everyone (no authentication). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    operation: 'GET /pgp/publickey',
    produces: ['application/pgp-keys', 'text/plain'],
    handle: async ({ ctx, media }) => new Response(await getPublicKey({ ctx }), { headers: { 'Content-Type': `${media}; charset=utf-8` } }),
  }),
});
