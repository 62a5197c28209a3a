import { delegateInput } from '@/lib/schemas/delegation';
import { endpoint, route } from '@/server/http/route';
import { delegateAccountRole } from '@/server/services/delegations/delegate-account-role';
import { listAccountDelegations } from '@/server/services/delegations/list-account-delegations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /accounts/users/me/delegates',
    body: delegateInput,
    handle: async ({ ctx, body }) => {
      const created = await delegateAccountRole({ ctx, input: body });
      return { status: 201, body: created, headers: { Location: `/api/accounts/users/me/delegates/${created.delegateId}` } };
    },
  }),
  GET: endpoint({ operation: 'GET /accounts/users/me/delegates', handle: async ({ ctx }) => ({ body: await listAccountDelegations({ ctx }) }) }),
});
