import { changePasswordInput } from '@/lib/schemas/account';
import { endpoint, route } from '@/server/http/route';
import { changePassword } from '@/server/services/accounts/change-password';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PUT: endpoint({
    operation: 'PUT /accounts/users/me/password',
    body: changePasswordInput,
    handle: async ({ ctx, body }) => {
      await changePassword({ ctx, input: body });
      return { status: 204 };
    },
  }),
});
