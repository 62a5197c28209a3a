'use client';
import { NextIntlClientProvider } from 'next-intl';
import { useSyncExternalStore, type ReactNode } from 'react';
import { FORMATS, messageFallback, reportIntlError } from '@/lib/i18n/config';
import type { Locale } from '@/lib/i18n/locales';
import type { Messages } from 'use-intl';

const noSubscription = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const serverTimeZone = () => 'UTC';

/**
 * next-intl for client components. The catalogue of one language comes from the server; functions (fallback,
 * error report) cannot cross from server to client, so they are set here. Dates are rendered in UTC on the
 * server and during hydration, then in the reader's own time zone.
 */
export function IntlProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  const timeZone = useSyncExternalStore(noSubscription, browserTimeZone, serverTimeZone);
  return (
    <NextIntlClientProvider
      locale={locale}
      messages={messages}
      formats={FORMATS}
      timeZone={timeZone}
      onError={reportIntlError}
      getMessageFallback={messageFallback}
    >
      {children}
    </NextIntlClientProvider>
  );
}
