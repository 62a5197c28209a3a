import type { Locale } from './locales';

/** The portal's language route (src/app/api/portal/locale/route.ts): behind the body gate, no server action. */
export const LOCALE_ROUTE = '/api/portal/locale';

/**
 * Remembers the portal's language in this browser (the route sets its cookie); the caller then refreshes the page
 * (`router.refresh()`), which renders it in the new language. Resolves false when the route refused it.
 */
export async function rememberLocale(locale: Locale): Promise<boolean> {
  const answer = await fetch(LOCALE_ROUTE, { method: 'POST', body: new URLSearchParams({ locale }), credentials: 'same-origin' });
  return answer.ok;
}
