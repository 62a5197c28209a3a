import { endpoint, route } from '@/server/http/route';
import { getMyAccount } from '@/server/services/accounts/get-my-account';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({ operation: 'GET /accounts/users/me', handle: async ({ ctx }) => ({ body: await getMyAccount({ ctx }) }) }),
});
