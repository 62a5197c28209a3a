/**
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): filters, sort (collation) and pagination
 * are SQL that runs again on PostgreSQL.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_ATTRIBUTES, type FilterOperation, type ListAttribute } from '@/lib/domain/list-query';
import type { ServiceContext } from '@/server/services/context';
import { cancelFreightDocument } from '@/server/services/freight-documents/cancel-freight-document';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { listFreightDocuments } from '@/server/services/freight-documents/list-freight-documents';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';
import { sized } from '../support/sampling';

type Row = Record<ListAttribute, string | null> & { freightDocumentId: string };

const PLACES = ['Amsterdam', 'Berlin', 'berlin', 'Zürich', null] as const;
const CODES = ['A1', 'B2', 'b2', null] as const;
const DAYS = ['2026-01-01', '2026-01-02', '2026-03-15', null] as const;
const TIMES = ['2026-02-01T08:00:00Z', '2026-02-01T09:30:00Z', '2026-02-03T00:00:00Z', null] as const;
const OPS: FilterOperation[] = ['eq', 'ne', 'gt', 'lt', 'ge', 'le'];
const ATTRIBUTES = Object.keys(LIST_ATTRIBUTES) as ListAttribute[];

/** The in-memory model: code-point order for text, instants for times, nulls never match and sort last, then id. */
function compare(attribute: ListAttribute, a: string, b: string): number {
  if (LIST_ATTRIBUTES[attribute] === 'time') return Date.parse(a) - Date.parse(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

function modelList(rows: Row[], filters: [ListAttribute, FilterOperation, string][], sort: [ListAttribute, 'asc' | 'desc'][], limit: number, first: number) {
  const matching = rows.filter((row) =>
    filters.every(([attribute, op, value]) => {
      const actual = row[attribute];
      if (actual === null) return false;
      const c = compare(attribute, actual, value);
      return { eq: c === 0, ne: c !== 0, gt: c > 0, lt: c < 0, ge: c >= 0, le: c <= 0 }[op];
    }),
  );
  const keys = sort.length ? sort : ([['lastModifiedDateTime', 'desc']] as [ListAttribute, 'asc' | 'desc'][]);
  const sorted = [...matching].sort((x, y) => {
    for (const [attribute, direction] of keys) {
      const a = x[attribute];
      const b = y[attribute];
      if (a === null && b === null) continue;
      if (a === null) return 1;
      if (b === null) return -1;
      const c = compare(attribute, a, b);
      if (c !== 0) return direction === 'asc' ? c : -c;
    }
    return x.freightDocumentId < y.freightDocumentId ? -1 : x.freightDocumentId > y.freightDocumentId ? 1 : 0;
  });
  return { ids: sorted.slice(first - 1, first - 1 + limit).map((row) => row.freightDocumentId), total: matching.length };
}

const TIME_ATTRIBUTES = ATTRIBUTES.filter((attribute) => LIST_ATTRIBUTES[attribute] === 'time');
const CLOCK_START = Date.parse('2026-04-01T00:00:00.000Z');
const minute = (n: number) => new Date(CLOCK_START + n * 60_000);

/**
 * The model's rows come from what the test did, never from the list under test: the values it sent, the status
 * its own actions left, the time of its last action on its own clock (two documents share each minute, so the
 * id tie-break is exercised) and the service number, counted in creation order from 1 in this fresh database
 * (gap-free numbering has its own test in issue-concurrency.test.ts).
 */
describe.each(databaseKinds())('list filters, sort and pagination match a model (%s)', (kind) => {
  let database: TestDatabase;
  let ctx: ServiceContext;
  const rows: Row[] = [];
  const clock = { now: minute(0) };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const base = serviceContext(database.handle);
    const owner = await activeAccount(base, 'Owner');
    const stranger = await activeAccount(base, 'Stranger');
    ctx = { ...serviceContext(database.handle, {}, owner.accountId), now: () => clock.now };
    const strangerCtx = { ...serviceContext(database.handle, {}, stranger.accountId), now: () => clock.now };
    let serviceNumbers = 0;
    for (let i = 0; i < 36; i += 1) {
      const body = {
        type: 'WAYBILL',
        consignor: { name: `Consignor ${i}` },
        consignee: { name: 'Consignee' },
        placeOfTakingOver: { name: 'Dock', countryCode: 'NLD' },
        goods: 'Pallets',
        establishedPlace: PLACES[i % PLACES.length],
        carrierCode: CODES[(i * 7) % CODES.length],
        establishedDate: DAYS[(i * 5) % DAYS.length],
        agreedDateTimeOfTakingOver: TIMES[(i * 3) % TIMES.length],
        estimatedDateTimeOfTakingOver: TIMES[i % 2 === 0 ? 0 : 3],
        estimatedDateTimeOfDelivery: TIMES[i % 3 === 0 ? 2 : 3],
      };
      clock.now = minute(Math.floor(i / 2));
      const { freightDocumentId } = await createFreightDocument({ ctx, input: body });
      serviceNumbers += 1;
      const row: Row = {
        freightDocumentId,
        status: 'DRAFT',
        type: body.type,
        serviceNumber: String(serviceNumbers).padStart(12, '0'),
        establishedDate: body.establishedDate ?? null,
        establishedPlace: body.establishedPlace ?? null,
        carrierCode: body.carrierCode ?? null,
        lastModifiedDateTime: clock.now.toISOString(),
        agreedDateTimeOfTakingOver: body.agreedDateTimeOfTakingOver ?? null,
        estimatedDateTimeOfTakingOver: body.estimatedDateTimeOfTakingOver ?? null,
        estimatedDateTimeOfDelivery: body.estimatedDateTimeOfDelivery ?? null,
      };
      if (i % 4 === 1) {
        clock.now = minute(100 + Math.floor(i / 8));
        await issueFreightDocument({ ctx, input: { freightDocumentId } });
        Object.assign(row, { status: 'ISSUED', lastModifiedDateTime: clock.now.toISOString() });
      }
      // Cancelled documents leave every list.
      if (i % 9 === 3 && i % 4 !== 1) await cancelFreightDocument({ ctx, input: { freightDocumentId } });
      else rows.push(row);
      // Documents of someone else never show up in the owner's list.
      if (i % 6 === 0) {
        await createFreightDocument({ ctx: strangerCtx, input: body });
        serviceNumbers += 1;
      }
    }
  }, 120_000);

  afterAll(async () => database?.dispose());

  it('lists exactly the visible, non-cancelled documents of the caller, with the values they were given', async () => {
    const listed = await listFreightDocuments({ ctx, input: { query: [['limit', '100']] } });
    expect(listed.total).toBe(rows.length);
    const byId = new Map(rows.map((row) => [row.freightDocumentId, row]));
    expect(listed.freightDocuments.map((doc) => doc.freightDocumentId).sort()).toEqual([...byId.keys()].sort());
    const instant = (value: string | null | undefined) => (value == null ? null : Date.parse(value));
    for (const doc of listed.freightDocuments) {
      const row = byId.get(doc.freightDocumentId)!;
      for (const attribute of ATTRIBUTES) {
        const actual = (doc as Record<string, unknown>)[attribute] as string | null | undefined;
        if (TIME_ATTRIBUTES.includes(attribute)) expect([attribute, instant(actual)]).toEqual([attribute, instant(row[attribute])]);
        else expect([attribute, actual ?? null]).toEqual([attribute, row[attribute]]);
      }
    }
  });

  it('agrees with the model for random queries', async () => {
    const valueFor = (attribute: ListAttribute) =>
      LIST_ATTRIBUTES[attribute] === 'time'
        ? fc.constantFrom(
            ...(TIMES as readonly (string | null)[]).filter((t): t is string => t !== null),
            ...rows.map((row) => row.lastModifiedDateTime!).slice(0, 3),
          )
        : fc.constantFrom(
            ...([...PLACES, ...CODES, ...DAYS, 'DRAFT', 'ISSUED', 'WAYBILL', ...rows.map((row) => row.serviceNumber!).slice(0, 3)] as (string | null)[]).filter(
              (v): v is string => v !== null,
            ),
          );
    const filter = fc
      .constantFrom(...ATTRIBUTES)
      .chain((attribute) => fc.tuple(fc.constant(attribute), fc.constantFrom(...OPS), valueFor(attribute) as fc.Arbitrary<string>));
    const sortKey = fc.tuple(fc.constantFrom(...ATTRIBUTES), fc.constantFrom('asc' as const, 'desc' as const));

    await fc.assert(
      fc.asyncProperty(
        fc.array(filter, { maxLength: 2 }),
        fc.uniqueArray(sortKey, { maxLength: 2, selector: ([attribute]) => attribute }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 40 }),
        async (filters, sort, limit, first) => {
          const query: [string, string][] = [
            ['limit', String(limit)],
            ['first', String(first)],
          ];
          if (filters.length) query.push(['filters', filters.map((f) => f.join('.')).join(',')]);
          if (sort.length) query.push(['sort', sort.map((s) => s.join('.')).join(',')]);
          const result = await listFreightDocuments({ ctx, input: { query } });
          const expected = modelList(rows, filters, sort, limit, first);
          expect(result.total).toBe(expected.total);
          expect(result.freightDocuments.map((doc) => doc.freightDocumentId)).toEqual(expected.ids);
          expect(result).toMatchObject({ first, limit });
        },
      ),
      { numRuns: sized(150, 60) },
    );
  }, 120_000);
});
