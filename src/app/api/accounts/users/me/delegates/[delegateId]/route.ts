import { endpoint, route } from '@/server/http/route';
import { revokeAccountDelegation } from '@/server/services/delegations/revoke-account-delegation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  DELETE: endpoint({
    operation: 'DELETE /accounts/users/me/delegates/{delegateId}',
    handle: async ({ ctx, params }) => {
      await revokeAccountDelegation({ ctx, input: { delegateId: params.delegateId! } });
      return { status: 204 };
    },
  }),
});
