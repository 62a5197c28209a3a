import { ServiceError } from '@/server/errors';
import { endpoint, route } from '@/server/http/route';
import { activateAccount } from '@/server/services/accounts/activate-account';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    operation: 'GET /accounts/activation/{token}',
    produces: ['application/json', 'text/html', '*/*'],
    handle: async ({ ctx, params, media }) => {
      try {
        await activateAccount({ ctx, input: { token: params.token ?? '' } });
        return new Response(null, { status: 301, headers: { Location: '/login?activated=1' } });
      } catch (error) {
        // A person clicking the e-mail link lands on a page that explains; client systems get the JSON error.
        if (media === 'text/html' && error instanceof ServiceError) {
          return new Response(null, { status: 303, headers: { Location: `/activation?error=${error.code}` } });
        }
        throw error;
      }
    },
  }),
});
