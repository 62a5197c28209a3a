/**
 * The code-lock mail, as the mailbox shows it, gives its time as page 1 of the PDF does (issue 34 item 5): in the zone
 * of the transfer's place, named, never a bare "(UTC)" time.
 */
import { describe, expect, it } from 'vitest';
import { formatLocalTime } from '@/lib/i18n/local-time';
import { LOCALES } from '@/lib/i18n/locales';
import { codeLockMail } from '@/server/mail/code-lock-template';
import { pdfZones } from '@/server/pdf/format';

const lockedUntil = new Date('2026-07-06T10:00:00Z');

describe('the code-lock mail’s time', () => {
  it.each(LOCALES)('%s: the delivery place’s local time, not UTC', (locale) => {
    const timeZone = pdfZones({ placeOfDelivery: { countryCode: 'POL' } } as never).DELIVERY;
    expect(timeZone).toBe('Europe/Warsaw');
    const mail = codeLockMail({
      locale,
      to: 'a@example.com',
      serviceNumber: '000000000001',
      action: 'DELIVERY',
      wrongCodes: 5,
      lockedUntil,
      timeZone,
      documentUrl: 'https://x/documents/1',
    });
    expect(mail.text).toContain(formatLocalTime(lockedUntil, { locale, timeZone })!);
    expect(mail.text).toMatch(/12[:.]00/);
    expect(mail.text).not.toContain('(UTC)');
    expect(mail.text).not.toContain('2026-07-06 10:00');
  });
});
