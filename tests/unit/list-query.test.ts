/**
 * The list query parser (spec §4 rule 3, contract §4): every error code with its field, every problem reported
 * at once, the defaults, and a round trip for every well-formed query.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMIT, FILTER_OPERATIONS, LIST_ATTRIBUTES, MAX_LIMIT, parseListQuery, type ListAttribute } from '@/lib/domain/list-query';

const ATTRIBUTES = Object.keys(LIST_ATTRIBUTES) as ListAttribute[];
const TEXT_ATTRIBUTES = ATTRIBUTES.filter((attribute) => LIST_ATTRIBUTES[attribute] === 'text');
const TIME_ATTRIBUTES = ATTRIBUTES.filter((attribute) => LIST_ATTRIBUTES[attribute] === 'time');

function errorsOf(query: Record<string, string> | [string, string][]) {
  const result = parseListQuery(Array.isArray(query) ? query : Object.entries(query));
  if (result.ok) throw new Error(`expected errors for ${JSON.stringify(query)}`);
  for (const error of result.errors) expect(error.description).toMatch(/\S/);
  return result.errors.map(({ code, field }) => [code, field]);
}

function queryOf(query: Record<string, string>) {
  const result = parseListQuery(Object.entries(query));
  if (!result.ok) throw new Error(`unexpected errors ${JSON.stringify(result.errors)}`);
  return result.query;
}

describe('parseListQuery', () => {
  it('without parameters: the first 10, most recently modified first', () => {
    expect(queryOf({})).toEqual({ filters: [], sort: [{ attribute: 'lastModifiedDateTime', direction: 'desc' }], limit: DEFAULT_LIMIT, first: 1 });
    expect(DEFAULT_LIMIT).toBe(10);
    expect(MAX_LIMIT).toBe(100);
  });

  it('reads filters, sort keys in order, limit and first', () => {
    expect(
      queryOf({
        filters: 'status.eq.ISSUED,lastModifiedDateTime.ge.2026-01-01T00:00:00Z,establishedPlace.ne.Den.Haag',
        sort: 'serviceNumber.asc,establishedDate.desc',
        limit: '100',
        first: '21',
      }),
    ).toEqual({
      filters: [
        { attribute: 'status', operation: 'eq', value: 'ISSUED' },
        { attribute: 'lastModifiedDateTime', operation: 'ge', value: '2026-01-01T00:00:00Z' },
        // The value is everything after the second dot, dots included.
        { attribute: 'establishedPlace', operation: 'ne', value: 'Den.Haag' },
      ],
      sort: [
        { attribute: 'serviceNumber', direction: 'asc' },
        { attribute: 'establishedDate', direction: 'desc' },
      ],
      limit: 100,
      first: 21,
    });
  });

  it('3.19: a filter block that is not attribute.operation.value, or a time filter whose value is not a date-time', () => {
    for (const block of [
      'status',
      'status.eq',
      'status.eq.',
      '.eq.ISSUED',
      'status..ISSUED',
      '',
      'lastModifiedDateTime.ge.2026-01-01',
      'agreedDateTimeOfTakingOver.lt.soon',
    ]) {
      expect(errorsOf({ filters: block }), block).toEqual([['3.19', 'filters']]);
    }
  });

  it('3.20: an unknown operation; 3.21: an unknown attribute', () => {
    expect(errorsOf({ filters: 'status.like.ISS' })).toEqual([['3.20', 'filters']]);
    expect(errorsOf({ filters: 'colour.eq.red' })).toEqual([['3.21', 'filters']]);
    // The attribute is checked first.
    expect(errorsOf({ filters: 'colour.like.red' })).toEqual([['3.21', 'filters']]);
  });

  it('3.22: a sort key without a direction; 3.23: an unknown attribute; 3.24: an unknown direction', () => {
    for (const key of ['serviceNumber', '.asc', 'serviceNumber.', '']) expect(errorsOf({ sort: key }), key).toEqual([['3.22', 'sort']]);
    expect(errorsOf({ sort: 'colour.asc' })).toEqual([['3.23', 'sort']]);
    expect(errorsOf({ sort: 'serviceNumber.up' })).toEqual([['3.24', 'sort']]);
  });

  it('3.25: a parameter the list does not know, named in field', () => {
    expect(errorsOf({ page: '2' })).toEqual([['3.25', 'page']]);
    expect(errorsOf({ Filters: 'status.eq.DRAFT' })).toEqual([['3.25', 'Filters']]);
  });

  it('3.31: limit outside 1–100 or not a whole number; 3.30: first below 1 or not a whole number', () => {
    for (const limit of ['0', '101', '-1', '1.5', '1e2', 'ten', '', ' 5']) expect(errorsOf({ limit }), limit).toEqual([['3.31', 'limit']]);
    for (const first of ['0', '-1', '1.5', 'one', '', '99999999999999999999']) expect(errorsOf({ first }), first).toEqual([['3.30', 'first']]);
    expect(queryOf({ limit: '1', first: '9007199254740991' })).toMatchObject({ limit: 1, first: Number.MAX_SAFE_INTEGER });
  });

  it('reports every problem of one request at once, in the order given', () => {
    expect(
      errorsOf([
        ['filters', 'status.eq.ISSUED,colour.eq.red,status.like.x'],
        ['sort', 'serviceNumber.up,colour.asc'],
        ['limit', '500'],
        ['first', '0'],
        ['page', '1'],
      ]),
    ).toEqual([
      ['3.21', 'filters'],
      ['3.20', 'filters'],
      ['3.24', 'sort'],
      ['3.23', 'sort'],
      ['3.31', 'limit'],
      ['3.30', 'first'],
      ['3.25', 'page'],
    ]);
  });

  it('every well-formed query reads back as written', () => {
    const textValue = fc.string({ minLength: 1, maxLength: 12 }).filter((value) => !value.includes(','));
    const timeValue = fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
      .map((date) => date.toISOString());
    const filter = fc.oneof(
      fc.record({ attribute: fc.constantFrom(...TEXT_ATTRIBUTES), operation: fc.constantFrom(...FILTER_OPERATIONS), value: textValue }),
      fc.record({ attribute: fc.constantFrom(...TIME_ATTRIBUTES), operation: fc.constantFrom(...FILTER_OPERATIONS), value: timeValue }),
    );
    const sort = fc.record({ attribute: fc.constantFrom(...ATTRIBUTES), direction: fc.constantFrom('asc' as const, 'desc' as const) });
    fc.assert(
      fc.property(
        fc.array(filter, { maxLength: 4 }),
        fc.array(sort, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: MAX_LIMIT }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (filters, sorts, limit, first) => {
          const params: [string, string][] = [
            ['sort', sorts.map((key) => `${key.attribute}.${key.direction}`).join(',')],
            ['limit', String(limit)],
            ['first', String(first)],
          ];
          if (filters.length > 0) params.push(['filters', filters.map((f) => `${f.attribute}.${f.operation}.${f.value}`).join(',')]);
          expect(parseListQuery(params)).toEqual({ ok: true, query: { filters, sort: sorts, limit, first } });
        },
      ),
    );
  });

  it('any parameter name outside filters, sort, limit and first is 3.25 with that name', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 10 }).filter((name) => !['filters', 'sort', 'limit', 'first'].includes(name)),
        (name) => {
          expect(errorsOf([[name, 'x']])).toEqual([['3.25', name]]);
        },
      ),
    );
  });
});
