import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locales';

/** The best of our languages for an Accept-Language header (`de-CH` finds `de`), else English. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages([...LOCALES]);
  return isLocale(best) ? best : DEFAULT_LOCALE;
}

/** The language switch's cookie when it names one of our languages, else the browser's preference, else English. */
export function resolveLocale(cookie: string | undefined, acceptLanguage: string | null | undefined): Locale {
  return isLocale(cookie) ? cookie : localeFromAcceptLanguage(acceptLanguage);
}
