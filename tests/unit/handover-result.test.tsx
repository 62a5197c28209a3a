/**
 * A refusal tells the driver whom to talk to (issue 34 item 5): the consignor at collection, the next carrier between
 * carriers, the consignee at delivery, in every language.
 */
import { NextIntlClientProvider } from 'next-intl';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HandoverResult } from '@/components/tablet/handover-result';
import { FORMATS } from '@/lib/i18n/config';
import { LOCALES } from '@/lib/i18n/locales';
import type { ApprovalResponse } from '@/lib/schemas/freight-document-response';
import { MESSAGES } from '@/messages';

const failOnIntlError = (error: Error) => {
  throw error;
};

function refusal(locale: (typeof LOCALES)[number], action: ApprovalResponse['action']) {
  const approval = {
    approvalId: 'a1',
    type: 'SIGN_ON_GLASS',
    action,
    side: 'COUNTER_PARTY',
    role: 'CONSIGNOR',
    roleId: 'r1',
    declined: true,
    remarks: null,
    account: null,
    signedOnGlassBy: { name: 'Jan Jansen' },
    createDateTimeServer: '2026-11-23T13:02:00.000Z',
  } as unknown as ApprovalResponse;
  const html = renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, messages: MESSAGES[locale], formats: FORMATS, timeZone: 'Europe/Amsterdam', onError: failOnIntlError },
      createElement(HandoverResult, { approval, serviceNumber: '000000000001', status: 'ISSUED', complete: false, onClose: () => {} }),
    ),
  );
  return /data-testid="declined-next">([^<]*)</.exec(html)![1]!;
}

describe('the refusal names the party who refused', () => {
  it.each([
    ['COLLECTION', 'the consignor'],
    ['CARRIER_TO_CARRIER', 'the next carrier'],
    ['DELIVERY', 'the consignee'],
  ] as const)('%s: talk to %s', (action, party) => {
    expect(refusal('en', action)).toContain(`Talk to ${party},`);
  });

  it.each(LOCALES)('%s: three different lines, none naming the consignee at collection', (locale) => {
    const lines = (['COLLECTION', 'CARRIER_TO_CARRIER', 'DELIVERY'] as const).map((action) => refusal(locale, action));
    expect(new Set(lines).size).toBe(3);
    expect(lines[0]).not.toMatch(/consignee|Empfänger|destinataire|geadresseerde|odbiorc/);
  });
});

describe('the result names the reservations the approval accepted (issue 34 item 1)', () => {
  const accepted = (locale: (typeof LOCALES)[number], list: string[]) => {
    const approval = {
      approvalId: 'a2',
      type: 'SIGN_ON_GLASS',
      action: 'DELIVERY',
      side: 'COUNTER_PARTY',
      role: 'CONSIGNEE',
      roleId: 'r2',
      declined: false,
      remarks: null,
      account: null,
      signedOnGlassBy: { name: 'Eva Janssen' },
      createDateTimeServer: '2026-11-23T13:02:00.000Z',
    } as unknown as ApprovalResponse;
    const html = renderToStaticMarkup(
      createElement(
        NextIntlClientProvider,
        { locale, messages: MESSAGES[locale], formats: FORMATS, timeZone: 'Europe/Amsterdam', onError: failOnIntlError },
        createElement(HandoverResult, { approval, serviceNumber: '000000000001', status: 'DELIVERED', complete: true, accepted: list, onClose: () => {} }),
      ),
    );
    return /data-testid="result-accepted">([^<]*)</.exec(html)?.[1];
  };

  it.each(LOCALES)('%s: the line lists them; none, no line', (locale) => {
    expect(accepted(locale, ['Damage – Two pallets crushed (Eva Janssen)'])).toContain('Two pallets crushed (Eva Janssen)');
    expect(accepted(locale, [])).toBeUndefined();
  });

  it('in English', () => {
    expect(accepted('en', ['Damage – Two pallets crushed (Eva Janssen)', 'Shortage – One carton missing'])).toBe(
      'Accepted with reservations: Damage – Two pallets crushed (Eva Janssen); Shortage – One carton missing',
    );
  });
});
