/**
 * Issue 34 item 5: one product in every language. The history's change names, the legal-event e-mail and the PDF's
 * legal-event lines (boxes 15, 18 and 24, and the annex) are rendered in each of the five languages: no raw event or
 * kind code (RESERVATION, CASH_ON_DELIVERY, IMPEDIMENT, DAMAGE…) and no unformatted amount ("1250.5 EUR").
 */
import { describe, expect, it } from 'vitest';
import { LEGAL_EVENTS, RESERVATION_KINDS } from '@/lib/domain/legal-events';
import { LOCALES } from '@/lib/i18n/locales';
import type { FreightDocumentContent } from '@/lib/schemas/freight-document-response';
import { MESSAGES } from '@/messages';
import { legalEventMail } from '@/server/mail/templates';
import { cashOnDeliveryLine, reservationLines, withdrawnReservationLines } from '@/server/pdf/legal-events';
import type { ChangeType } from '@/server/services/document/commits';

const CHANGE_TYPES = [
  'CREATE',
  'UPDATE',
  'ISSUE',
  'CANCEL',
  'ESTIMATED_TIMES',
  'STRUCTURED_GOODS',
  'ATTACHMENT',
  'APPROVAL',
  'STATUS_UPDATE',
  'COMMENT',
  'LICENSE_PLATES',
  'RESERVATION_WITHDRAWAL',
  ...LEGAL_EVENTS,
] as const satisfies readonly ChangeType[];
// Every change type is listed: a new one fails to compile here until it has its words.
const everyChangeType: [Exclude<ChangeType, (typeof CHANGE_TYPES)[number]>] extends [never] ? true : false = true;

const RAW_CODES = new RegExp(`\\b(${[...LEGAL_EVENTS, ...RESERVATION_KINDS, 'ROLE_REPLACED', 'DELIVERY_PREVENTED', 'CHANGE_CONSIGNEE'].join('|')})\\b`);
// JavaScript's own number text, or the currency's code beside it (Polish writes 1250,50 € ungrouped, as it should).
const UNFORMATTED_AMOUNT = /1250\.5\b|\bEUR\b/;

const reservation = (commentId: string, kind: string, stage: string, extra: Record<string, unknown> = {}) => ({
  commentId,
  type: 'RESERVATION',
  text: 'two boxes broken',
  creatorName: 'Dan Driver',
  creatorRole: 'CARRIER',
  attachments: [],
  createDateTimeClient: null,
  createDateTimeServer: '2026-11-27T15:00:00.000Z',
  reservation: { stage, kind, withinTimeLimit: true, ...extra },
});

const document = {
  status: 'DELIVERED',
  placeOfTakingOver: { countryCode: 'NLD' },
  placeOfDelivery: { countryCode: 'POL' },
  reimbursementAmount: 1250.5,
  reimbursementCurrency: 'EUR',
  cashOnDelivery: { collected: true, amount: 1250.5, currency: 'EUR', reference: 'Q-1', createDateTimeServer: '2026-11-27T15:00:00.000Z' },
  approvals: [],
  comments: [
    reservation('r1', 'DAMAGE', 'DELIVERY', { recordedFor: { name: 'Bea Berger' } }),
    reservation('r2', 'PACKAGING', 'TAKING_OVER'),
    reservation('r3', 'COUNT', 'DELIVERY', { withdrawn: { at: '2026-11-27T15:05:00.000Z', by: { accountNumber: '1', name: 'Dan Driver' } } }),
  ],
} as unknown as FreightDocumentContent;

describe.each(LOCALES)('words, not codes (%s)', (locale) => {
  it('the history names every change in words', () => {
    expect(everyChangeType).toBe(true);
    const names = MESSAGES[locale].enums.changeType as Record<string, string>;
    for (const type of CHANGE_TYPES) {
      expect(names[type], type).toBeTruthy();
      expect(names[type]).not.toMatch(RAW_CODES);
    }
  });

  it('the legal-event e-mail names the event in words', () => {
    for (const event of ['INSTRUCTION', 'INSTRUCTION_RESPONSE', 'IMPEDIMENT', 'ROLE_REPLACED'] as const) {
      const mail = legalEventMail({ locale, to: 'a@example.com', event, role: 'CONSIGNEE', serviceNumber: '000000000123', documentUrl: 'https://x.test/d/1' });
      expect(`${mail.subject}\n${mail.text}`, event).not.toMatch(RAW_CODES);
    }
  });

  it('the PDF prints reservation kinds in words, the signer of a hand-over page reservation, and money formatted', () => {
    const lines = [
      ...reservationLines(document, ['TAKING_OVER'], locale),
      ...reservationLines(document, ['DELIVERY'], locale),
      ...withdrawnReservationLines(document, locale),
      cashOnDeliveryLine(document, locale) ?? '',
    ].join('\n');
    expect(lines).not.toMatch(RAW_CODES);
    expect(lines).not.toMatch(UNFORMATTED_AMOUNT);
    expect(lines).toContain(new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(1250.5));
    expect(lines).toContain('(Bea Berger,');
  });
});
