import { createTranslator } from 'use-intl/core';
import { FORMATS, messageFallback, reportIntlError } from '@/lib/i18n/config';
import type { Locale } from '@/lib/i18n/locales';
import { MESSAGES } from '@/messages';
import type { OutgoingMail } from './queue-mail';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "Forgot password": the one-time link, in the account's language (messages: `portal.mail.passwordReset`). */
export function passwordResetMail(input: { locale: Locale; to: string; name: string; resetUrl: string; validMinutes: number }): OutgoingMail {
  const t = createTranslator({
    locale: input.locale,
    messages: MESSAGES[input.locale],
    formats: FORMATS,
    timeZone: 'UTC',
    onError: reportIntlError,
    getMessageFallback: messageFallback,
    namespace: 'portal.mail.passwordReset',
  });
  const greeting = t('greeting', { name: input.name });
  const validity = t('validity', { minutes: input.validMinutes });
  const text = [greeting, '', t('intro'), '', input.resetUrl, '', validity, t('ignore')].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t('intro'))}</p>
<p><a href="${escapeHtml(input.resetUrl)}">${escapeHtml(t('button'))}</a></p>
<p>${escapeHtml(validity)} ${escapeHtml(t('ignore'))}</p>`;
  return { to: input.to, subject: t('subject'), text, html };
}
