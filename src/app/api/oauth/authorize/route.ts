import { authorizationRequest } from '@/lib/schemas/oauth';
import { endpoint, route } from '@/server/http/route';
import { checkAuthorizationRequest, redirectWith } from '@/server/services/oauth/check-authorization-request';
import { errorPage } from '@/server/http/error-page';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    auth: 'none',
    produces: ['text/html', 'application/json', '*/*'],
    handle: async ({ ctx, query }) => {
      const request = authorizationRequest.parse(Object.fromEntries(query));
      const check = await checkAuthorizationRequest({ ctx, input: request });
      if (check.kind === 'invalid') return errorPage(400, 'This sign-in link is not valid', check.message);
      if (check.kind === 'redirect-error') {
        const location = redirectWith(check.redirectUri, { error: check.error, error_description: check.description, state: check.state }, check.fragment);
        return new Response(null, { status: 302, headers: { Location: location } });
      }
      // Sign in first, then the consent page finishes the flow with the same parameters.
      const consent = `/oauth/consent?${query.toString()}`;
      return new Response(null, { status: 302, headers: { Location: `/login?callbackUrl=${encodeURIComponent(consent)}` } });
    },
  }),
});
