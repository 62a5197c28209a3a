import { parseBasicAuth } from '@/server/http/auth';
import { endpoint, route } from '@/server/http/route';
import { exchangeToken } from '@/server/services/oauth/exchange-token';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint<Record<string, string>>({
    operation: 'POST /oauth/token',
    handle: async ({ ctx, body, request }) => {
      const basic = parseBasicAuth(request.headers.get('authorization'));
      const tokens = await exchangeToken({ ctx, input: { form: body, basic } });
      return { body: tokens, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } };
    },
  }),
});
