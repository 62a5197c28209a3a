import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/lib/i18n/locales';
import { escapeHtml, mailIntlConfig } from './mail-intl';
import type { OutgoingMail } from './queue-mail';

/**
 * Issue 20: a portal sign-up with an address that has an account answers like any other; the owner learns it here
 * instead, in their account's language (messages: `securityMail.alreadyRegistered`). Only the account's own data
 * goes in, never text from the request.
 */
export function alreadyRegisteredMail(input: {
  locale: Locale;
  to: string;
  name: string;
  accountNumber: string;
  signInUrl: string;
  resetUrl: string;
}): OutgoingMail {
  const t = createTranslator({ ...mailIntlConfig(input.locale), namespace: 'securityMail.alreadyRegistered' });
  const greeting = t('greeting', { name: input.name });
  const body = t('body', { accountNumber: input.accountNumber });
  const text = [greeting, '', body, '', t('signIn', { url: input.signInUrl }), t('reset', { url: input.resetUrl }), '', t('ignore')].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(input.signInUrl)}">${escapeHtml(t('signInButton'))}</a> · <a href="${escapeHtml(input.resetUrl)}">${escapeHtml(t('resetButton'))}</a></p>
<p>${escapeHtml(t('ignore'))}</p>`;
  return { to: input.to, subject: t('subject'), text, html };
}
