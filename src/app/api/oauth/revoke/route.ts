import { parseBasicAuth } from '@/server/http/auth';
import { endpoint, route } from '@/server/http/route';
import { authenticateClient } from '@/server/services/oauth/authenticate-client';
import { revokeToken } from '@/server/services/oauth/revoke-token';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint<Record<string, string>>({
    operation: 'POST /oauth/revoke',
    handle: async ({ ctx, body, request }) => {
      const client = await authenticateClient({ ctx, input: parseBasicAuth(request.headers.get('authorization')) ?? {} });
      await revokeToken({ ctx, input: { client, token: body.token } });
      return { body: {} };
    },
  }),
});
