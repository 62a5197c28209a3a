import type { FORMATS } from '@/lib/i18n/config';
import type { Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/messages';

// Typed keys: a key missing from the English catalogue (the reference) is a compile error.
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
    Formats: typeof FORMATS;
  }
}
