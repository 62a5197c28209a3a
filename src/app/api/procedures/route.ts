import { endpoint, route } from '@/server/http/route';
import { getProcedures } from '@/server/services/procedures/get-procedures';

/** Contract §14: the operator's procedures statement, public. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({ operation: 'GET /procedures', handle: async ({ ctx }) => ({ body: getProcedures({ ctx }) }) }),
});
