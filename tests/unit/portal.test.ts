/**
 * lib/portal: display formatting, the document list's URL state and the list query it sends, and the
 * sign-in callback URL that must never become an open redirect.
 */
import fc from 'fast-check';
import { NextIntlClientProvider } from 'next-intl';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DateTime } from '@/components/i18n/date-time';
import { useEnumLabel } from '@/components/i18n/labels';
import { useFormatBytes } from '@/components/i18n/sizes';
import { parseListQuery } from '@/lib/domain/list-query';
import {
  DEFAULT_SORT,
  FILTER_KEYS,
  hasFilters,
  LISTED_STATUSES,
  listQueryInput,
  listSearch,
  normaliseServiceNumber,
  PAGE_SIZES,
  readListState,
  type DocumentListState,
} from '@/lib/portal/document-list-state';
import { FORMATS } from '@/lib/i18n/config';
import type { Locale } from '@/lib/i18n/locales';
import { sizeInUnit } from '@/lib/portal/format';
import { safeCallbackUrl } from '@/lib/portal/safe-callback-url';
import { ROLES, STATUSES } from '@/lib/schemas/freight-document';
import { MESSAGES } from '@/messages';

/** Renders a node inside the portal's intl set-up (FORMATS, the catalogue), failing on any missing message. */
function renderIn(locale: Locale, node: ReactNode, timeZone = 'Europe/Amsterdam'): string {
  const failOnIntlError = (error: Error) => {
    throw error;
  };
  const provider = { locale, messages: MESSAGES[locale], formats: FORMATS, timeZone, onError: failOnIntlError, children: node };
  // The text as a reader sees it: tags dropped.
  return renderToStaticMarkup(createElement(NextIntlClientProvider, provider)).replace(/<[^>]+>/g, '');
}

function Sizes({ sizes }: { sizes: number[] }) {
  const formatBytes = useFormatBytes();
  return createElement('ul', null, ...sizes.map((size) => createElement('li', { key: size }, `${formatBytes(size)};`)));
}

function Labels() {
  const label = useEnumLabel();
  return createElement('p', null, [...STATUSES.map((status) => label('status', status)), ...ROLES.map((role) => label('role', role))].join(';'));
}

// The words live in the catalogues (src/messages); these are the formatting rules and the English words.
describe('format', () => {
  const sizes = [0, 1, 1023, 1024, 1536, 10 * 1024 - 1, 10 * 1024, 500 * 1024, 1024 * 1024, 7.25 * 1024 * 1024];

  it('sizes in bytes, KB with one decimal below 10 KB, whole KB, then MB', () => {
    expect(sizes.map(sizeInUnit)).toEqual([
      { unit: 'bytes', value: 0 },
      { unit: 'bytes', value: 1 },
      { unit: 'bytes', value: 1023 },
      { unit: 'kilobytes', value: 1 },
      { unit: 'kilobytes', value: 1.5 },
      { unit: 'kilobytes', value: 10 },
      { unit: 'kilobytes', value: 10 },
      { unit: 'kilobytes', value: 500 },
      { unit: 'megabytes', value: 1 },
      { unit: 'megabytes', value: 7.3 },
    ]);
    expect(renderIn('en', createElement(Sizes, { sizes })).split(';').slice(0, -1)).toEqual([
      '0 bytes',
      '1 byte',
      '1,023 bytes',
      '1 KB',
      '1.5 KB',
      '10 KB',
      '10 KB',
      '500 KB',
      '1 MB',
      '7.3 MB',
    ]);
    // The reader's decimal separator.
    expect(renderIn('de', createElement(Sizes, { sizes: [1536] }))).toBe('1,5 KB;');
  });

  it('date-times in the reader’s time zone with the zone named, 24-hour (English as in Europe); a dash for none; unreadable text as it is', () => {
    const shown = (value: unknown, locale: Locale = 'en') => renderIn(locale, createElement(DateTime, { value }));
    expect(shown('2026-03-05T14:07:00Z')).toBe('5 Mar 2026, 15:07 CET');
    expect(shown('2026-07-05T14:07:00Z')).toBe('5 Jul 2026, 16:07 CEST');
    expect(shown('2026-03-05T14:07:00Z', 'de')).toBe('5. März 2026, 15:07 MEZ');
    expect(shown('')).toBe('—');
    expect(shown(undefined)).toBe('—');
    expect(shown(42)).toBe('—');
    expect(shown('not a date')).toBe('not a date');
    // A time that belongs to a place shows in the place's zone, whatever the reader's (decision 0027).
    expect(renderIn('en', createElement(DateTime, { value: '2026-03-05T14:07:00Z', countryCode: 'POL' }))).toBe('5 Mar 2026, 15:07 CET');
    expect(renderIn('en', createElement(DateTime, { value: '2026-03-05T14:07:00Z', countryCode: 'GBR' }))).toBe('5 Mar 2026, 14:07 GMT');
  });

  it('has a label for every status and every role', () => {
    const labels = renderIn('en', createElement(Labels)).split(';');
    expect(labels).toHaveLength(STATUSES.length + ROLES.length);
    for (const [index, code] of [...STATUSES, ...ROLES].entries()) {
      expect(labels[index], code).toMatch(/^[A-Z][a-z]/);
      expect(labels[index], code).not.toBe(code);
    }
  });
});

describe('document list state', () => {
  const defaults: DocumentListState = {
    q: '',
    status: '',
    serviceNumber: '',
    establishedPlace: '',
    establishedFrom: '',
    establishedTo: '',
    modifiedFrom: '',
    modifiedTo: '',
    sort: DEFAULT_SORT,
    first: 1,
    limit: 10,
  };

  it('an empty URL is the default state, with a short link and no filters', () => {
    expect(readListState(new URLSearchParams())).toEqual(defaults);
    expect(listSearch(defaults)).toBe('');
    expect(hasFilters(defaults)).toBe(false);
  });

  it('reads filters, sort and page from search params or a Next searchParams record alike', () => {
    const state = readListState(
      new URLSearchParams(
        'status=ISSUED&serviceNumber=42&establishedPlace=+Rotterdam+&establishedFrom=2026-01-01&modifiedTo=2026-02-28&sort=serviceNumber.asc&limit=25&first=26',
      ),
    );
    expect(state).toEqual({
      ...defaults,
      status: 'ISSUED',
      serviceNumber: '42',
      establishedPlace: 'Rotterdam',
      establishedFrom: '2026-01-01',
      modifiedTo: '2026-02-28',
      sort: { attribute: 'serviceNumber', direction: 'asc' },
      limit: 25,
      first: 26,
    });
    expect(readListState({ status: ['DRAFT', 'ISSUED'], limit: '50', first: undefined })).toEqual({ ...defaults, status: 'DRAFT', limit: 50 });
    expect(hasFilters(state)).toBe(true);
  });

  it('drops what the list cannot carry: commas, non-dates, cancelled or unknown statuses, bad sort and paging', () => {
    const state = readListState(
      new URLSearchParams('establishedPlace=a,b&establishedFrom=2026-02-30&modifiedFrom=yesterday&status=CANCELLED&sort=colour.asc&limit=101&first=0'),
    );
    expect(state).toEqual(defaults);
    expect(readListState(new URLSearchParams('status=draft&sort=serviceNumber&limit=abc&first=-3'))).toEqual(defaults);
    expect(LISTED_STATUSES).not.toContain('CANCELLED');
  });

  it('writes only what differs from the defaults', () => {
    expect(listSearch({ ...defaults, status: 'DRAFT', first: 11 })).toBe('?status=DRAFT&first=11');
    expect(listSearch({ ...defaults, sort: { attribute: 'lastModifiedDateTime', direction: 'asc' }, limit: 50 })).toBe(
      '?sort=lastModifiedDateTime.asc&limit=50',
    );
  });

  it('turns the state into the API list query: dates inclusive, the day after modifiedTo exclusive, service numbers padded', () => {
    expect(
      listQueryInput({
        ...defaults,
        status: 'ISSUED',
        serviceNumber: '42',
        establishedPlace: 'Rotterdam',
        establishedFrom: '2026-01-01',
        establishedTo: '2026-01-31',
        modifiedFrom: '2024-02-28',
        modifiedTo: '2024-02-28',
      }),
    ).toEqual({
      filters:
        'status.eq.ISSUED,serviceNumber.eq.000000000042,establishedPlace.eq.Rotterdam,establishedDate.ge.2026-01-01,establishedDate.le.2026-01-31,' +
        'lastModifiedDateTime.ge.2024-02-28T00:00:00Z,lastModifiedDateTime.lt.2024-02-29T00:00:00Z',
      sort: 'lastModifiedDateTime.desc',
      limit: 10,
      first: 1,
    });
    expect(listQueryInput({ ...defaults, modifiedTo: '2026-12-31' }).filters).toBe('lastModifiedDateTime.lt.2027-01-01T00:00:00Z');
    expect(listQueryInput(defaults)).toEqual({ sort: 'lastModifiedDateTime.desc', limit: 10, first: 1 });
  });

  it('pads service numbers of up to 12 digits and leaves anything else as typed', () => {
    expect(normaliseServiceNumber('1')).toBe('000000000001');
    expect(normaliseServiceNumber('123456789012')).toBe('123456789012');
    expect(normaliseServiceNumber('1234567890123')).toBe('1234567890123');
    expect(normaliseServiceNumber('A-42')).toBe('A-42');
  });

  describe('properties', () => {
    const day = fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .-]{0,10}[A-Za-z0-9]$/);
    const state: fc.Arbitrary<DocumentListState> = fc.record({
      q: fc.oneof(fc.constant(''), word),
      status: fc.constantFrom('', ...LISTED_STATUSES),
      serviceNumber: fc.oneof(fc.constant(''), fc.stringMatching(/^[0-9]{1,12}$/)),
      establishedPlace: fc.oneof(fc.constant(''), word),
      establishedFrom: fc.oneof(fc.constant(''), day),
      establishedTo: fc.oneof(fc.constant(''), day),
      modifiedFrom: fc.oneof(fc.constant(''), day),
      modifiedTo: fc.oneof(fc.constant(''), day),
      sort: fc.record({
        attribute: fc.constantFrom('lastModifiedDateTime', 'serviceNumber', 'establishedDate', 'status' as const),
        direction: fc.constantFrom('asc' as const, 'desc' as const),
      }),
      first: fc.integer({ min: 1, max: 100_000 }),
      limit: fc.constantFrom(...PAGE_SIZES),
    });

    it('a state survives its own link', () => {
      fc.assert(
        fc.property(state, (original) => {
          expect(readListState(new URLSearchParams(listSearch(original)))).toEqual(original);
        }),
      );
    });

    it('the query the portal sends is always one the API accepts, with one filter per set field', () => {
      fc.assert(
        fc.property(state, (original) => {
          const input = listQueryInput(original);
          const params: [string, string][] = [
            ['sort', input.sort],
            ['limit', String(input.limit)],
            ['first', String(input.first)],
          ];
          if (input.filters !== undefined) params.push(['filters', input.filters]);
          const parsed = parseListQuery(params);
          expect(parsed.ok).toBe(true);
          if (parsed.ok) expect(parsed.query.filters).toHaveLength(FILTER_KEYS.filter((key) => original[key] !== '').length);
        }),
      );
    });
  });
});

describe('safeCallbackUrl', () => {
  it('keeps same-origin paths with their query and fragment', () => {
    expect(safeCallbackUrl('/documents')).toBe('/documents');
    expect(safeCallbackUrl('/documents?status=DRAFT#top')).toBe('/documents?status=DRAFT#top');
    expect(safeCallbackUrl('/oauth/consent?client_id=a&state=b')).toBe('/oauth/consent?client_id=a&state=b');
    expect(safeCallbackUrl('/a/../documents')).toBe('/documents');
  });

  it('refuses absolute, protocol-relative, backslash and control-character tricks', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\\/evil.example',
      'javascript:alert(1)',
      'documents',
      '/docu\tments',
      '/docu\nments',
      '/path\\x',
      '',
      '/'.padEnd(4097, 'a'),
    ]) {
      expect(safeCallbackUrl(value), JSON.stringify(value)).toBeUndefined();
    }
    for (const value of [undefined, null, 42, ['/documents']]) expect(safeCallbackUrl(value)).toBeUndefined();
  });

  it('whatever it returns stays on the portal’s origin', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.string().map((text) => `/${text}`),
          fc.string().map((text) => `//${text}`),
        ),
        (value) => {
          const url = safeCallbackUrl(value);
          if (url === undefined) return;
          expect(url.startsWith('/') && !url.startsWith('//')).toBe(true);
          expect(new URL(url, 'https://portal.example').origin).toBe('https://portal.example');
        },
      ),
    );
  });
});
