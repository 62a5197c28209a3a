import { createTranslator } from 'use-intl/core';
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
  documentUrl: string;
}): OutgoingMail {
  const t = createTranslator({ ...mailIntlConfig(input.locale), namespace: 'securityMail.codeLock' });
  const until = input.lockedUntil.toISOString().slice(0, 16).replace('T', ' ');
  const body = t('body', { count: input.wrongCodes, transfer: t(`transfers.${input.action}`), serviceNumber: input.serviceNumber, until });
  const text = [t('greeting'), '', body, '', t('open', { url: input.documentUrl })].join('\n');
  const html = `<p>${escapeHtml(t('greeting'))}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(input.documentUrl)}">${escapeHtml(input.documentUrl)}</a></p>`;
  return { to: input.to, subject: t('subject', { serviceNumber: input.serviceNumber }), text, html };
}
