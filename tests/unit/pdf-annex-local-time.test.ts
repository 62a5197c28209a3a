/**
 * PDF page 2 in the same local time as page 1 (issue 34 item 5): after-delivery and delay reservations, withdrawn
 * reservations, instructions and impediments print in the place of delivery's zone with its offset, never in the
 * server's UTC when the place has a zone.
 */
import { isValidElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { pdfDateTime } from '@/lib/i18n/local-time';
import { annexZone, LegalEventsAnnex, reservationLines, withdrawnReservationLines } from '@/server/pdf/legal-events';

const at = '2026-07-06T10:00:00Z';
const warsaw = pdfDateTime(at, 'Europe/Warsaw');
const document = {
  placeOfTakingOver: { countryCode: 'NLD' },
  placeOfDelivery: { countryCode: 'POL' },
  status: 'DELIVERED',
  approvals: [],
  comments: [
    {
      commentId: 'c1',
      text: 'Hidden damage',
      creatorName: 'Odbiorca',
      createDateTimeServer: at,
      reservation: { stage: 'AFTER_DELIVERY', kind: 'DAMAGE', withinTimeLimit: true },
    },
    {
      commentId: 'c2',
      text: 'Wet',
      creatorName: 'Driver',
      createDateTimeServer: at,
      reservation: { stage: 'DELIVERY', kind: 'DAMAGE', withinTimeLimit: true, withdrawn: { at, by: { name: 'Driver' } } },
    },
  ],
  instructions: [{ kind: 'CHANGE_PLACE_OF_DELIVERY', text: 'To Łódź', givenBy: { name: 'Shipper BV' }, createDateTimeServer: at }],
  impediments: [{ kind: 'ROAD_CLOSED', text: 'A2 closed', reportedBy: { name: 'Driver' }, createDateTimeServer: at }],
};

/** Every `lines` prop in the annex's element tree. */
function annexLines(node: ReactNode): string[] {
  if (Array.isArray(node)) return node.flatMap(annexLines);
  if (!isValidElement(node)) return [];
  const props = node.props as { lines?: string[]; children?: ReactNode };
  return [...(props.lines ?? []), ...annexLines(props.children)];
}

describe('PDF page 2 prints local time', () => {
  it('the annex’s zone is the place of delivery’s, else the place of taking over’s', () => {
    expect(annexZone(document as never)).toBe('Europe/Warsaw');
    expect(annexZone({ placeOfTakingOver: { countryCode: 'NLD' } } as never)).toBe('Europe/Amsterdam');
    expect(warsaw).toBe('2026-07-06 12:00 UTC+02:00');
  });

  it('after-delivery and withdrawn reservations in the place of delivery’s time', () => {
    expect(reservationLines(document as never, ['AFTER_DELIVERY', 'DELAY'], 'en')[0]).toContain(`(Odbiorca, ${warsaw})`);
    const [withdrawn] = withdrawnReservationLines(document as never, 'en');
    expect(withdrawn).toContain(`(Driver, ${warsaw})`);
    expect(withdrawn).toContain(`Driver ${warsaw}`);
  });

  it('every dated line of the annex, instructions and impediments included, in local time', () => {
    const lines = annexLines(LegalEventsAnnex({ document: document as never, languages: ['en'] }));
    const dated = lines.filter((line) => /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(line));
    expect(dated.length).toBeGreaterThanOrEqual(4);
    for (const line of dated) {
      expect(line).toContain(warsaw);
      expect(line).not.toContain(pdfDateTime(at, 'UTC'));
    }
    expect(dated.some((line) => line.includes('To Łódź'))).toBe(true);
    expect(dated.some((line) => line.includes('A2 closed'))).toBe(true);
  });
});
