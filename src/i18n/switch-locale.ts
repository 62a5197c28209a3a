'use server';
import { cookies } from 'next/headers';
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from '@/lib/i18n/locales';

/**
 * Remembers the portal's language in this browser (the header's switch, and the account page after saving a
 * preferred language). Setting a cookie in a server action re-renders the page in the new language; the form
 * works without JavaScript too. Not a secret, so readable over plain http in development.
 */
export async function switchLocale(formData: FormData): Promise<void> {
  await rememberLocale(formData.get('locale'));
}

export async function rememberLocale(locale: unknown): Promise<void> {
  if (!isLocale(locale)) return;
  (await cookies()).set(LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS, sameSite: 'lax', httpOnly: true });
}
