import { FORMATS, messageFallback, reportIntlError } from '@/lib/i18n/config';
import type { Locale } from '@/lib/i18n/locales';
import { MESSAGES } from '@/messages';

/**
 * The translator settings of every mail: the portal's catalogues in the recipient's language, UTC, and the app's
 * handling of a missing message. A template adds its namespace: `createTranslator({ ...mailIntlConfig(l), namespace })`.
 */
export function mailIntlConfig(locale: Locale) {
  return { locale, messages: MESSAGES[locale], formats: FORMATS, timeZone: 'UTC', onError: reportIntlError, getMessageFallback: messageFallback };
}

/** Every value put into a mail's HTML part goes through this (the `escape-html` package, as Express uses). */
export { default as escapeHtml } from 'escape-html';
