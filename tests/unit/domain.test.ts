/**
 * lib/domain: dates of the spec, country and currency codes, the goods table, the document state machine,
 * actors and the default rights of roles. Pure code, checked against the spec's words and with properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountOfActor, actorSchema, type Actor } from '@/lib/domain/actor';
import { isCountryCode, isCurrencyCode } from '@/lib/domain/codes';
import { agreedDateTimeOfTakingOver, formatMillis, formatSeconds, isDate, isDateTime, utcDateOf } from '@/lib/domain/dates';
import { canMove, isContentFixed } from '@/lib/domain/document-status';
import { renderGoodsTable } from '@/lib/domain/goods-table';
import { permissionsOf, ROLE_SLOTS, SINGLE_ROLES } from '@/lib/domain/permissions';
import { ROLES, STATUSES, type DocumentStatus } from '@/lib/schemas/freight-document';

// Four-digit years: toISOString() writes others as ±YYYYYY, which no API value uses.
const moment = fc.date({ min: new Date('1000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });

describe('dates', () => {
  it('accepts ISO 8601 date-times with a zone, seconds and fractions optional', () => {
    for (const value of [
      '2026-03-05T14:07Z',
      '2026-03-05T14:07:09Z',
      '2026-03-05T14:07:09.5Z',
      '2026-03-05T14:07:09.123456789Z',
      '2026-03-05T14:07:09+01:00',
      '2026-03-05T14:07:09-0530',
      '2024-02-29T00:00:00Z',
      '2026-12-31T23:59:59Z',
    ]) {
      expect(isDateTime(value), value).toBe(true);
    }
  });

  it('refuses date-times without a zone, out of range, off the calendar or in another shape', () => {
    for (const value of [
      '2026-03-05T14:07:09',
      '2026-03-05',
      '2026-03-05 14:07:09Z',
      '2026-3-05T14:07:09Z',
      '2026-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-03-05T24:00:00Z',
      '2026-03-05T14:60:00Z',
      '2026-03-05T14:07:60Z',
      '2026-03-05T14:07:09.1234567890Z',
      '2026-03-05T14:07:09+1',
      '',
      'yesterday',
    ]) {
      expect(isDateTime(value), value).toBe(false);
    }
  });

  it('dates are YYYY-MM-DD on the calendar; a date-time is not a date (3.26)', () => {
    for (const value of ['2026-03-05', '2024-02-29', '2000-02-29', '1999-12-31']) expect(isDate(value), value).toBe(true);
    for (const value of ['2026-02-29', '1900-02-29', '2026-00-10', '2026-01-32', '2026-03-05T00:00:00Z', '05-03-2026', '2026/03/05', '']) {
      expect(isDate(value), value).toBe(false);
    }
  });

  it('formats moments with seconds, with milliseconds and as a UTC date', () => {
    const date = new Date('2026-03-05T14:07:09.123Z');
    expect(formatSeconds(date)).toBe('2026-03-05T14:07:09Z');
    expect(formatMillis(date)).toBe('2026-03-05T14:07:09.123Z');
    expect(utcDateOf(new Date('2026-03-05T23:30:00-02:00'))).toBe('2026-03-06');
  });

  it('what it formats, it accepts again: the same instant to the second, and the same UTC day', () => {
    fc.assert(
      fc.property(moment, (date) => {
        const seconds = formatSeconds(date);
        expect(isDateTime(seconds)).toBe(true);
        expect(Date.parse(seconds)).toBe(Math.floor(date.getTime() / 1000) * 1000);
        expect(isDateTime(formatMillis(date))).toBe(true);
        expect(Date.parse(formatMillis(date))).toBe(date.getTime());
        expect(isDate(utcDateOf(date))).toBe(true);
        expect(seconds.startsWith(utcDateOf(date))).toBe(true);
      }),
    );
  });

  describe('agreedDateTimeOfTakingOver (contract §4)', () => {
    const current = new Date('2026-03-05T14:07:09Z');

    it('the date-time wins when given, and nothing is made up when neither is given', () => {
      expect(agreedDateTimeOfTakingOver('2026-04-01T08:00:00Z', '2026-05-01', current)).toBe('2026-04-01T08:00:00Z');
      expect(agreedDateTimeOfTakingOver(undefined, undefined, current)).toBeUndefined();
    });

    it('a date alone is midnight UTC, unless it is the UTC date of the current value, which is kept', () => {
      expect(agreedDateTimeOfTakingOver(undefined, '2026-05-01', current)).toBe('2026-05-01T00:00:00Z');
      expect(agreedDateTimeOfTakingOver(undefined, '2026-05-01')).toBe('2026-05-01T00:00:00Z');
      expect(agreedDateTimeOfTakingOver(undefined, '2026-03-05', current)).toBe('2026-03-05T14:07:09Z');
      expect(agreedDateTimeOfTakingOver(undefined, '2026-03-05', null)).toBe('2026-03-05T00:00:00Z');
    });

    it('a date-time sent in the date field is taken as it is', () => {
      expect(agreedDateTimeOfTakingOver(undefined, '2026-05-01T10:30:00+02:00', current)).toBe('2026-05-01T10:30:00+02:00');
    });

    it('sending back the date of any stored moment keeps that moment (to the second)', () => {
      fc.assert(
        fc.property(moment, (stored) => {
          expect(agreedDateTimeOfTakingOver(undefined, utcDateOf(stored), stored)).toBe(formatSeconds(stored));
        }),
      );
    });
  });
});

describe('country and currency codes', () => {
  it('country codes are ISO 3166-1 alpha-3, upper case', () => {
    for (const code of ['NLD', 'DEU', 'FRA', 'BEL', 'POL', 'GBR', 'USA']) expect(isCountryCode(code), code).toBe(true);
    for (const code of ['nld', 'Nld', 'NL', 'NLDX', 'XXX', 'EUR', '', ' NLD']) expect(isCountryCode(code), code).toBe(false);
  });

  it('currency codes are ISO 4217, three upper-case letters', () => {
    for (const code of ['EUR', 'USD', 'GBP', 'PLN', 'CHF']) expect(isCurrencyCode(code), code).toBe(true);
    for (const code of ['eur', 'EU', 'EURO', 'E1R', 'NLD', '', ' EUR']) expect(isCurrencyCode(code), code).toBe(false);
  });

  it('no code passes in lower case', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{3}$/), (code) => {
        expect(isCountryCode(code.toLowerCase())).toBe(false);
        expect(isCurrencyCode(code.toLowerCase())).toBe(false);
      }),
    );
  });
});

describe('goods table (spec §2.3: goods when structured goods are given)', () => {
  it('renders a header, a rule and one aligned row per line, with unit abbreviations', () => {
    const table = renderGoodsTable([
      { name: 'Pallet', numberOfPackages: 12, methodOfPackaging: 'EUR pallet', weight: 480, weightUnit: 'KILOGRAM', volume: 2.5, volumeUnit: 'CUBIC_METRE' },
      { name: 'Drum', numberOfPackages: 3, natureOfGoods: 'Oil', volume: 600, volumeUnit: 'LITRE' },
    ]);
    expect(table.split('\n')).toEqual([
      'Name   | Packages | Packaging  | Nature of goods | Weight | Volume',
      '-------+----------+------------+-----------------+--------+-------',
      'Pallet | 12       | EUR pallet |                 | 480 kg | 2.5 m3',
      'Drum   | 3        |            | Oil             |        | 600 l',
    ]);
  });

  it('keeps a unit it does not know as it is, and a weight without a unit as the number', () => {
    const [, , row] = renderGoodsTable([{ name: 'Crate', weight: 10, weightUnit: 'STONE', volume: 1 }]).split('\n');
    expect(row).toBe('Crate |          |           |                 | 10 STONE | 1');
  });

  it('with no lines it is the header and the rule', () => {
    expect(renderGoodsTable([]).split('\n')).toHaveLength(2);
  });

  it('every row has its column separators where the header has them, and holds every value', () => {
    const cellText = fc.string({ maxLength: 12 }).filter((value) => !/[|\n]/.test(value) && value.trim() === value);
    const line = fc.record(
      {
        name: cellText,
        numberOfPackages: fc.nat({ max: 100_000 }),
        methodOfPackaging: cellText,
        natureOfGoods: cellText,
        weight: fc.nat({ max: 100_000 }),
        weightUnit: fc.constantFrom('KILOGRAM', 'TONNE', 'POUND'),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        const rows = renderGoodsTable(lines).split('\n');
        expect(rows).toHaveLength(lines.length + 2);
        const bars = (row: string) => [...row].flatMap((char, index) => (char === '|' ? [index] : []));
        const headerBars = bars(rows[0]!);
        expect(headerBars).toHaveLength(5);
        rows.slice(2).forEach((row, index) => {
          expect(bars(row)).toEqual(headerBars);
          const cells = row.split(' | ').map((cell) => cell.replace(/ \|$/, '').trim());
          const source = lines[index]!;
          expect(cells[0] ?? '').toBe(source.name ?? '');
          expect(cells[1] ?? '').toBe(source.numberOfPackages === undefined ? '' : String(source.numberOfPackages));
        });
      }),
    );
  });
});

describe('document state machine (spec §3)', () => {
  // The spec's moves, written out: DRAFT → ISSUED → TRANSIT → DELIVERED, a draft may be cancelled.
  const SPEC_MOVES: Record<DocumentStatus | 'NEW', DocumentStatus[]> = {
    NEW: ['DRAFT', 'ISSUED'],
    DRAFT: ['ISSUED', 'CANCELLED'],
    ISSUED: ['TRANSIT'],
    TRANSIT: ['DELIVERED'],
    DELIVERED: [],
    CANCELLED: [],
  };

  it('allows exactly the moves of the spec, from every state to every state', () => {
    for (const from of [null, ...STATUSES]) {
      for (const to of STATUSES) {
        expect(canMove(from, to), `${from} → ${to}`).toBe(SPEC_MOVES[from ?? 'NEW'].includes(to));
      }
    }
  });

  it('no path leads back: once moved on, a document never returns to an earlier state', () => {
    const order = ['DRAFT', 'ISSUED', 'TRANSIT', 'DELIVERED'];
    for (const from of order)
      for (const to of order) if (canMove(from as DocumentStatus, to as DocumentStatus)) expect(order.indexOf(to)).toBeGreaterThan(order.indexOf(from));
  });

  it('the content is fixed from ISSUED on', () => {
    expect(STATUSES.filter((status) => !isContentFixed(status))).toEqual(['DRAFT']);
  });
});

describe('actors and role rights', () => {
  it('books a commit on the account that acted, recorded a signature, or on none for the system', () => {
    const actors: [Actor, string | null][] = [
      [{ kind: 'ACCOUNT', accountId: 'a1' }, 'a1'],
      [{ kind: 'DELEGATE', accountId: 'a2', role: 'CARRIER', delegationId: 'd1' }, 'a2'],
      [{ kind: 'SIGNER', name: 'Jan', recordedByAccountId: 'a3' }, 'a3'],
      [{ kind: 'SYSTEM', reason: 'expiry' }, null],
    ];
    for (const [actor, account] of actors) {
      expect(actorSchema.parse(actor)).toEqual(actor);
      expect(accountOfActor(actor)).toBe(account);
    }
  });

  it('refuses an actor of an unknown kind or without what its kind needs', () => {
    expect(actorSchema.safeParse({ kind: 'ROBOT' }).success).toBe(false);
    expect(actorSchema.safeParse({ kind: 'DELEGATE', accountId: 'a', role: 'PILOT', delegationId: 'd' }).success).toBe(false);
    expect(actorSchema.safeParse({ kind: 'SIGNER', name: 'Jan' }).success).toBe(false);
  });

  it('gives every role VIEW and DELEGATE, UPDATE to the submitter, sealed attachments to submitter, consignor, consignee', () => {
    for (const role of ROLES) {
      const rights = permissionsOf(role);
      expect(rights, role).toEqual(expect.arrayContaining(['VIEW', 'DELEGATE']));
      expect(rights.includes('UPDATE'), role).toBe(role === 'SUBMITTER');
      expect(rights.includes('VIEW_SEALED_ATTACHMENT'), role).toBe(['SUBMITTER', 'CONSIGNOR', 'CONSIGNEE'].includes(role));
      expect(new Set(rights).size, role).toBe(rights.length);
    }
  });

  it('names a body slot for each single role', () => {
    expect(SINGLE_ROLES.map((role) => ROLE_SLOTS[role])).toEqual(['consignor', 'consignee', 'carrier', 'placeOfTakingOver', 'placeOfDelivery']);
    for (const role of SINGLE_ROLES) expect(ROLES).toContain(role);
  });
});
