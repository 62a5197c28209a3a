import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/lib/i18n/locales';
import { escapeHtml, mailIntlConfig } from './mail-intl';
import type { OutgoingMail } from './queue-mail';

/** Contract §15: an authority's follow-up, sent through its eFTI gate, to every role holder (messages: `efti.mail.followUp`). */
export function eftiFollowUpMail(input: { locale: Locale; to: string; serviceNumber: string; message: string; documentUrl: string }): OutgoingMail {
  const t = createTranslator({ ...mailIntlConfig(input.locale), namespace: 'efti.mail.followUp' });
  const body = t('body', { serviceNumber: input.serviceNumber });
  const text = [t('greeting'), '', body, '', input.message, '', t('open', { url: input.documentUrl })].join('\n');
  const html = `<p>${escapeHtml(t('greeting'))}</p>
<p>${escapeHtml(body)}</p>
<blockquote style="white-space: pre-wrap">${escapeHtml(input.message)}</blockquote>
<p><a href="${escapeHtml(input.documentUrl)}">${escapeHtml(input.documentUrl)}</a></p>`;
  return { to: input.to, subject: t('subject', { serviceNumber: input.serviceNumber }), text, html };
}
