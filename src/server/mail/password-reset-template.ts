import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/lib/i18n/locales';
import { escapeHtml, mailIntlConfig } from './mail-intl';
import type { OutgoingMail } from './queue-mail';

/** "Forgot password": the one-time link, in the account's language (messages: `portal.mail.passwordReset`). */
export function passwordResetMail(input: { locale: Locale; to: string; name: string; resetUrl: string; validMinutes: number }): OutgoingMail {
  const t = createTranslator({ ...mailIntlConfig(input.locale), namespace: 'portal.mail.passwordReset' });
  const greeting = t('greeting', { name: input.name });
  const validity = t('validity', { minutes: input.validMinutes });
  const text = [greeting, '', t('intro'), '', input.resetUrl, '', validity, t('ignore')].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t('intro'))}</p>
<p><a href="${escapeHtml(input.resetUrl)}">${escapeHtml(t('button'))}</a></p>
<p>${escapeHtml(validity)} ${escapeHtml(t('ignore'))}</p>`;
  return { to: input.to, subject: t('subject'), text, html };
}
