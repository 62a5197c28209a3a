import { createFormatter, createTranslator } from 'use-intl/core';
import type { TransferAction } from '@/lib/domain/transfers';
import type { Locale } from '@/lib/i18n/locales';
import { MESSAGES } from '@/messages';
import { escapeHtml, mailIntlConfig } from './mail-intl';
import type { OutgoingMail } from './queue-mail';

/** Markup tag functions are typed as receiving a string but get the chunks as an array at run time. */
const joined = (chunks: string | string[]): string => (Array.isArray(chunks) ? chunks.join('') : chunks);

/** The portal's own catalogues and translator (next-intl's core, use-intl), in the recipient's language. */
function mailIntl(locale: Locale) {
  const config = mailIntlConfig(locale);
  return { t: createTranslator({ ...config, namespace: 'mail' }), format: createFormatter(config) };
}

export function activationMail(input: { locale: Locale; to: string; name: string; activationUrl: string; validHours: number }): OutgoingMail {
  const { t } = mailIntl(input.locale);
  const validity = t('activation.validity', { hours: input.validHours });
  const text = [t('activation.greeting', { name: input.name }), '', t('activation.welcome'), '', input.activationUrl, '', validity].join('\n');
  const html = `<p>${escapeHtml(t('activation.greeting', { name: input.name }))}</p>
<p>${escapeHtml(t('activation.welcomeHtml'))}</p>
<p><a href="${escapeHtml(input.activationUrl)}">${escapeHtml(t('activation.button'))}</a></p>
<p>${escapeHtml(validity)}</p>`;
  return { to: input.to, subject: t('activation.subject'), text, html };
}

type NamedRole = keyof (typeof MESSAGES)['en']['mail']['roles'];
const isNamedRole = (role: string): role is NamedRole => role in MESSAGES.en.mail.roles;

/**
 * Sent to every role holder when a document names them; people without an account are invited to create one. The
 * sender is named by its party name in the document and its account number (contract §1); a mail to an address
 * without an account carries no other text the sender typed: without a party of its own in the document, the sender is
 * its account number in fixed words (issue 32: an account named "Claim your refund at https://…" mailed that to 53
 * strangers per draft).
 */
export function namedInDocumentMail(input: {
  locale: Locale;
  to: string;
  roles: string[];
  serviceNumber: string;
  sender: { accountNumber: string; partyName: string; partyInDocument?: boolean };
  documentUrl: string;
  signupUrl?: string;
  /**
   * For a counter party with an account: the transfer it approves and the page that approves it (issue 19), and the
   * phone's code page for a two-factor approval at the truck (issue 31 item 8).
   */
  approve?: { action: TransferAction; url: string; respondUrl: string };
}): OutgoingMail {
  const { t, format } = mailIntl(input.locale);
  const roles = format.list(
    input.roles.map((role) => (isNamedRole(role) ? t(`roles.${role}`) : role.toLowerCase())),
    { type: 'unit' },
  );
  const values = { roles, serviceNumber: input.serviceNumber, accountNumber: input.sender.accountNumber };
  const named =
    input.signupUrl && !input.sender.partyInDocument
      ? t('namedInDocument.namedByAccount', values)
      : t('namedInDocument.namedBy', { ...values, party: input.sender.partyName });
  const lines = [
    t('namedInDocument.greeting'),
    '',
    named,
    '',
    input.signupUrl ? `${t('namedInDocument.noAccount')}\n${input.signupUrl}` : t('namedInDocument.open', { url: input.documentUrl }),
    ...(input.approve
      ? [
          '',
          `${t(`namedInDocument.approve.${input.approve.action}`)}\n${input.approve.url}`,
          '',
          `${t('namedInDocument.respond')}\n${input.approve.respondUrl}`,
        ]
      : []),
  ];
  const approve = input.approve;
  const signupUrl = input.signupUrl;
  const html = `<p>${escapeHtml(t('namedInDocument.greeting'))}</p><p>${escapeHtml(named)}</p>${
    signupUrl
      ? `<p>${t.markup('namedInDocument.noAccountHtml', { link: (chunks) => `<a href="${escapeHtml(signupUrl)}">${escapeHtml(joined(chunks))}</a>` })}</p>`
      : `<p><a href="${escapeHtml(input.documentUrl)}">${escapeHtml(t('namedInDocument.openLink'))}</a></p>`
  }${
    approve
      ? `<p>${escapeHtml(t(`namedInDocument.approve.${approve.action}`))} <a href="${escapeHtml(approve.url)}">${escapeHtml(t(`namedInDocument.approveLink.${approve.action}`))}</a></p>` +
        `<p>${escapeHtml(t('namedInDocument.respond'))} <a href="${escapeHtml(approve.respondUrl)}">${escapeHtml(t('namedInDocument.respondLink'))}</a></p>`
      : ''
  }`;
  return { to: input.to, subject: t('namedInDocument.subject', { serviceNumber: input.serviceNumber, roles }), text: lines.join('\n'), html };
}

/** Sent to the account that receives a role's rights (spec §1), per document or for all documents of the role. */
export function delegatedToYouMail(input: {
  locale: Locale;
  to: string;
  /** The grantor's name; absent if the account is gone. */
  grantorName?: string;
  role: string;
  /** The document, for a per-document delegation; absent for an account-wide one. */
  document?: { serviceNumber: string; url: string };
  portalUrl: string;
}): OutgoingMail {
  const { t } = mailIntl(input.locale);
  const role = isNamedRole(input.role) ? t(`roles.${input.role}`) : input.role.toLowerCase();
  const grantor = input.grantorName ?? t('delegatedToYou.someone');
  const document = input.document;
  const link = document?.url ?? input.portalUrl;
  const delegated = document
    ? t('delegatedToYou.delegatedDocument', { grantor, role, serviceNumber: document.serviceNumber })
    : t('delegatedToYou.delegatedAllDocuments', { grantor, role });
  const open = document ? t('delegatedToYou.openDocument', { url: link }) : t('delegatedToYou.openDocuments', { url: link });
  const openLink = document ? t('delegatedToYou.openDocumentLink') : t('delegatedToYou.openDocumentsLink');
  const text = [t('delegatedToYou.greeting'), '', delegated, '', open].join('\n');
  const html = `<p>${escapeHtml(t('delegatedToYou.greeting'))}</p><p>${escapeHtml(delegated)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(openLink)}</a></p>`;
  const subject = document
    ? t('delegatedToYou.subjectDocument', { serviceNumber: document.serviceNumber, role })
    : t('delegatedToYou.subjectAllDocuments', { role, grantor });
  return { to: input.to, subject, text, html };
}

/** Sent about a legal event of contract §14 to those who must act on it (an instruction, an impediment, a replaced holder). */
export function legalEventMail(input: {
  locale: Locale;
  to: string;
  event: 'INSTRUCTION' | 'INSTRUCTION_RESPONSE' | 'IMPEDIMENT' | 'ROLE_REPLACED';
  /** For ROLE_REPLACED: the role the recipient no longer holds. */
  role?: string;
  serviceNumber: string;
  documentUrl: string;
  /** The account whose change it was (contract §1: each mail names its sender); these mails go to account holders only. */
  sender?: { accountNumber: string; partyName: string };
}): OutgoingMail {
  const { t } = mailIntl(input.locale);
  const role = input.role && isNamedRole(input.role) ? t(`roles.${input.role}`) : (input.role ?? '').toLowerCase();
  const event = t(`legalEvent.events.${input.event}`, { role });
  const happened = t('legalEvent.happened', { serviceNumber: input.serviceNumber, event });
  const by = input.sender ? t('legalEvent.by', { party: input.sender.partyName, accountNumber: input.sender.accountNumber }) : undefined;
  const text = [t('legalEvent.greeting'), '', happened, ...(by ? [by] : []), '', t('legalEvent.open', { url: input.documentUrl })].join('\n');
  const html = `<p>${escapeHtml(t('legalEvent.greeting'))}</p><p>${escapeHtml(happened)}${by ? `<br>${escapeHtml(by)}` : ''}</p><p><a href="${escapeHtml(input.documentUrl)}">${escapeHtml(input.documentUrl)}</a></p>`;
  return { to: input.to, subject: t('legalEvent.subject', { serviceNumber: input.serviceNumber, event }), text, html };
}

/** Contract §1: told to an account's owner once a day when its mails to addresses without an account passed the budget. */
export function mailBudgetMail(input: { locale: Locale; to: string; limit: number }): OutgoingMail {
  const { t } = mailIntl(input.locale);
  const body = t('mailBudget.body', { limit: input.limit });
  const text = [t('mailBudget.greeting'), '', body].join('\n');
  const html = `<p>${escapeHtml(t('mailBudget.greeting'))}</p><p>${escapeHtml(body)}</p>`;
  return { to: input.to, subject: t('mailBudget.subject'), text, html };
}
