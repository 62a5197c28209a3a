import { describe, expect, it } from 'vitest';
import { clockLocale, formatLocalTime, offsetMinutes, pdfDateTime, zoneOfCountry } from '@/lib/i18n/local-time';
import { dateTime, pdfZones, serverZone } from '@/server/pdf/format';
import { commentLines } from '@/server/pdf/approvals';
import { reservationLines } from '@/server/pdf/legal-events';

describe('zone of a place (decision 0027)', () => {
  it('is the country’s zone where its zones keep one clock', () => {
    expect(zoneOfCountry('NLD')).toBe('Europe/Amsterdam');
    expect(zoneOfCountry('pol')).toBe('Europe/Warsaw');
    // ICU lists Büsingen too; it keeps Berlin's clock.
    expect(zoneOfCountry('DEU')).toBe('Europe/Berlin');
  });
  it('is none where the country’s clocks differ or the code names no country', () => {
    for (const code of ['USA', 'ESP', 'PRT', 'RUS', 'XXX', '', null, undefined]) expect(zoneOfCountry(code), String(code)).toBeUndefined();
  });
});

describe('the screens’ format', () => {
  const morning = '2026-11-26T05:12:00Z';
  it('English is English as used in Europe: 24-hour, the zone by its European name, never AM/PM or GMT+1', () => {
    expect(clockLocale('en')).toBe('en-GB');
    const text = formatLocalTime(morning, { locale: 'en', timeZone: 'Europe/Amsterdam' });
    expect(text).toBe('26 Nov 2026, 06:12 CET');
    expect(text).not.toMatch(/AM|PM|GMT/);
  });
  it('every language prints 24-hour times in the place’s zone', () => {
    const evening = '2026-07-04T19:30:00Z';
    for (const locale of ['en', 'de', 'fr', 'nl', 'pl']) {
      expect(formatLocalTime(evening, { locale, timeZone: 'Europe/Berlin', style: 'clock' }), locale).toBe('21:30');
      expect(formatLocalTime(evening, { locale, timeZone: 'Europe/Berlin' }), locale).toMatch(/21[:.]30/);
    }
  });
  it('a value that is no date gives null', () => {
    expect(formatLocalTime('tomorrow', { locale: 'en', timeZone: 'UTC' })).toBeNull();
  });
});

describe('the PDF’s times', () => {
  it('print in the local time of the place with the offset, not in UTC', () => {
    expect(offsetMinutes(new Date('2026-07-04T08:00:00Z'), 'Europe/Berlin')).toBe(120);
    expect(pdfDateTime('2026-07-04T08:00:00Z', 'Europe/Berlin')).toBe('2026-07-04 10:00 UTC+02:00');
    expect(pdfDateTime('2026-12-31T23:30:00Z', 'Europe/Warsaw')).toBe('2027-01-01 00:30 UTC+01:00');
    expect(pdfDateTime('2026-01-04T08:00:00Z', 'America/St_Johns')).toBe('2026-01-04 04:30 UTC-03:30');
    expect(pdfDateTime('2026-01-04T08:00:00Z', 'UTC')).toBe('2026-01-04 08:00 UTC');
    expect(pdfDateTime(null, 'UTC')).toBe('');
  });

  it('take the zone of the collection’s and the delivery’s place; other times the server’s', () => {
    const zones = pdfZones({ placeOfTakingOver: { countryCode: 'NLD' }, placeOfDelivery: { countryCode: 'ESP' } } as never);
    expect(zones).toEqual({ COLLECTION: 'Europe/Amsterdam', DELIVERY: serverZone(), CARRIER_TO_CARRIER: serverZone() });
    expect(dateTime('2026-07-04T08:00:00Z')).toBe(pdfDateTime('2026-07-04T08:00:00Z', serverZone()));
  });

  it('a reservation at taking over prints in the place of taking over’s time, its acceptance in the transfer’s', () => {
    const document = {
      placeOfTakingOver: { countryCode: 'NLD' },
      placeOfDelivery: { countryCode: 'POL' },
      approvals: [
        { action: 'DELIVERY', acceptedReservations: ['c1'], account: { name: 'Odbiorca' }, role: 'CONSIGNEE', createDateTimeServer: '2026-07-05T10:00:00Z' },
      ],
      comments: [
        {
          commentId: 'c1',
          text: 'Two pallets wet',
          creatorName: 'Driver',
          createDateTimeServer: '2026-07-04T06:00:00Z',
          reservation: { stage: 'TAKING_OVER', kind: 'GOODS_CONDITION', withinTimeLimit: true },
        },
      ],
    };
    const [line] = reservationLines(document as never, ['TAKING_OVER'], 'en');
    expect(line).toContain('(Driver, 2026-07-04 08:00 UTC+02:00)');
    expect(line).toContain('Odbiorca 2026-07-05 12:00 UTC+02:00');
    expect(commentLines([{ createDateTimeServer: '2026-07-04T06:00:00Z', text: 'x', account: { name: 'A' } } as never])[0]).toContain(
      pdfDateTime('2026-07-04T06:00:00Z', serverZone()),
    );
  });
});
