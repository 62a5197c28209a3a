import { authorizationRequest } from '@/lib/schemas/oauth';
import { parseInput, ServiceError } from '@/server/errors';
import { endpoint, route } from '@/server/http/route';
import { checkAuthorizationRequest, redirectWith } from '@/server/services/oauth/check-authorization-request';
import { errorPage } from '@/server/http/error-page';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    operation: 'GET /oauth/authorize',
    produces: ['text/html', 'application/json', '*/*'],
    handle: async ({ ctx, query, media }) => {
      let request;
      try {
        request = parseInput(authorizationRequest, Object.fromEntries(query));
      } catch (error) {
        // A malformed request (a state over 2,000 characters) is the client's error: a page for a person, the
        // error list for a program; never a redirect, since nothing about the request is trusted yet.
        if (media !== 'text/html' || !(error instanceof ServiceError)) throw error;
        const fields = error.items.map((item) => item.field ?? 'the request').join(', ');
        return errorPage(400, 'This sign-in link is not valid', `The request is malformed (${fields}).`);
      }
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
