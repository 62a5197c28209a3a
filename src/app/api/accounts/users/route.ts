import { localeFromAcceptLanguage } from '@/lib/i18n/negotiate-locale';
import { createAccountInput } from '@/lib/schemas/account';
import { endpoint, route } from '@/server/http/route';
import { createAccount } from '@/server/services/accounts/create-account';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /accounts/users',
    body: createAccountInput,
    handle: async ({ ctx, body, request }) => {
      // The body has no language field (contract §3); the request's Accept-Language picks the e-mails' language.
      const created = await createAccount({ ctx, input: { ...body, locale: localeFromAcceptLanguage(request.headers.get('accept-language')) } });
      return { status: 201, body: created, headers: { Location: '/api/accounts/users/me' } };
    },
  }),
});
