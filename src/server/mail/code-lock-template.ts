import { createTranslator } from 'use-intl/core';
import { formatLocalTime } from '@/lib/i18n/local-time';
import type { Locale } from '@/lib/i18n/locales';
import type { TfaAction } from '@/lib/domain/tfa';
import { escapeHtml, mailIntlConfig } from './mail-intl';
import type { OutgoingMail } from './queue-mail';

/**
 * Contract §8: the counter parties of a transfer are told once when wrong response codes lock its TFA approval,
 * since someone may be guessing their codes (messages: `securityMail.codeLock`).
 */
export function codeLockMail(input: {
  locale: Locale;
  to: string;
  serviceNumber: string;
  action: TfaAction;
  wrongCodes: number;
  lockedUntil: Date;
  /** The zone of the transfer's place, as page 1 of the PDF prints its times (decision 0027). */
  timeZone: string;
  documentUrl: string;
}): OutgoingMail {
  const t = createTranslator({ ...mailIntlConfig(input.locale), namespace: 'securityMail.codeLock' });
  // Local time with its zone's name (issue 34 item 5: the mailbox printed UTC while the PDF's page 1 prints local time).
  const until = formatLocalTime(input.lockedUntil, { locale: input.locale, timeZone: input.timeZone }) ?? input.lockedUntil.toISOString();
  const body = t('body', { count: input.wrongCodes, transfer: t(`transfers.${input.action}`), serviceNumber: input.serviceNumber, until });
  const text = [t('greeting'), '', body, '', t('open', { url: input.documentUrl })].join('\n');
  const html = `<p>${escapeHtml(t('greeting'))}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(input.documentUrl)}">${escapeHtml(input.documentUrl)}</a></p>`;
  return { to: input.to, subject: t('subject', { serviceNumber: input.serviceNumber }), text, html };
}
