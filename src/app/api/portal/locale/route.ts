import { z } from 'zod';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALES } from '@/lib/i18n/locales';
import { fail, parseInput } from '@/server/errors';
import { endpoint, route } from '@/server/http/route';
import { JSON_MEDIA } from '@/server/http/negotiate';

const HTML_MEDIA = 'text/html';
const localeForm = z.object({ locale: z.enum(LOCALES, '3.17') });

/** Where a form sent without JavaScript goes back to: the page it came from, as a path on this host only. */
function backTo(referer: string | null): string {
  try {
    const path = referer ? new URL(referer) : undefined;
    const target = path ? `${path.pathname}${path.search}` : '/';
    return target.startsWith('/') && !target.startsWith('//') ? target : '/';
  } catch {
    return '/';
  }
}

/**
 * The portal's language switch (the header's menu, and the account page after saving a preferred language): remembers
 * the language in this browser's cookie. Contract §1: no server actions; this is a route behind the body gate like
 * every other write. A form sent without JavaScript (Accept: text/html) is sent back to its page (303); the portal's
 * script gets 204 and refreshes the page. Not a secret, so readable over plain http in development.
 */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint<Record<string, string>>({
    operation: { internal: 'the portal’s language switch', form: true },
    produces: [JSON_MEDIA, HTML_MEDIA],
    handle: async ({ body, request, media }) => {
      // A form on another site may not choose this browser's language (what a server action's origin check did).
      if (request.headers.get('sec-fetch-site') === 'cross-site') fail('1.4');
      const { locale } = parseInput(localeForm, body);
      const cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly`;
      if (media === HTML_MEDIA) return new Response(null, { status: 303, headers: { Location: backTo(request.headers.get('referer')), 'Set-Cookie': cookie } });
      return new Response(null, { status: 204, headers: { 'Set-Cookie': cookie } });
    },
  }),
});
