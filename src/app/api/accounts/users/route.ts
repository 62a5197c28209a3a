import { createAccountInput } from '@/lib/schemas/account';
import { endpoint, route } from '@/server/http/route';
import { createAccount } from '@/server/services/accounts/create-account';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    auth: 'client',
    body: createAccountInput,
    handle: async ({ ctx, body }) => {
      const created = await createAccount({ ctx, input: body });
      return { status: 201, body: created, headers: { Location: '/api/accounts/users/me' } };
    },
  }),
});
