import { endpoint, route } from '@/server/http/route';
import { revokeAccountDelegation } from '@/server/services/delegations/revoke-account-delegation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  DELETE: endpoint({
    auth: 'bearer',
    handle: async ({ ctx, params }) => {
      await revokeAccountDelegation({ ctx, input: { delegateId: params.delegateId! } });
      return { status: 204 };
    },
  }),
});
