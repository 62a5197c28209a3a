import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { FORMATS, messageFallback, reportIntlError } from '@/lib/i18n/config';
import { LOCALE_COOKIE } from '@/lib/i18n/locales';
import { resolveLocale } from '@/lib/i18n/negotiate-locale';
import { MESSAGES } from '@/messages';

/**
 * next-intl's per-request configuration (found through the plugin in next.config.mjs). No locale in the URL:
 * the header's language switch sets a cookie, else the browser's Accept-Language decides, else English.
 */
export default getRequestConfig(async () => {
  const locale = resolveLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get('accept-language'));
  return {
    locale,
    messages: MESSAGES[locale],
    formats: FORMATS,
    // The server does not know the reader's zone; the browser formats dates again in its own (IntlProvider).
    timeZone: 'UTC',
    onError: reportIntlError,
    getMessageFallback: messageFallback,
  };
});
