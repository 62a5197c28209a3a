import { and, asc, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { ListAttribute, ListFilter, ListQuery } from '@/lib/domain/list-query';
import type { DbOrTx } from '@/server/db/client';
import { isTransaction } from '@/server/db/prepared';
import { documentViewers, freightDocuments } from '@/server/db/schema';
import type { DelegationSource } from '../access/delegation-sources';
import { viewedBy, visibleTo } from '../access/visibility';

/** Contract §4: `total` is exact up to this many documents, beyond it this many with `totalRelation: "gte"`. */
export const TOTAL_CAP = 10_000;

type Columns = Record<ListAttribute, AnyPgColumn>;
const columnsOf = (table: typeof freightDocuments | typeof documentViewers): Columns => ({
  status: table.status,
  type: table.type,
  serviceNumber: table.serviceNumber,
  establishedDate: table.establishedDate,
  establishedPlace: table.establishedPlace,
  carrierCode: table.carrierCode,
  lastModifiedDateTime: table.lastModifiedDateTime,
  agreedDateTimeOfTakingOver: table.agreedDateTimeOfTakingOver,
  estimatedDateTimeOfTakingOver: table.estimatedDateTimeOfTakingOver,
  estimatedDateTimeOfDelivery: table.estimatedDateTimeOfDelivery,
});
const DOCUMENT_COLUMNS = columnsOf(freightDocuments);
const VIEWER_COLUMNS = columnsOf(documentViewers);
const TIME_ATTRIBUTES = new Set<ListAttribute>([
  'lastModifiedDateTime',
  'agreedDateTimeOfTakingOver',
  'estimatedDateTimeOfTakingOver',
  'estimatedDateTimeOfDelivery',
]);
const OPERATORS = { eq: '=', ne: '<>', gt: '>', lt: '<', ge: '>=', le: '<=' } as const;

/** Text compares by code point (COLLATE "C"), the same on every database and in the tests' model. */
function columnExpression(columns: Columns, attribute: ListAttribute): SQL {
  const column = columns[attribute];
  return TIME_ATTRIBUTES.has(attribute) ? sql`${column}` : sql`(${column} collate "C")`;
}

/** The value a filter compares with, as the statement takes it (time attributes as an ISO timestamp). */
function filterValue(filter: ListFilter): string {
  return TIME_ATTRIBUTES.has(filter.attribute) ? new Date(filter.value).toISOString() : filter.value;
}

/** `value`: the filter's value, or a prepared statement's placeholder for it. */
function filterCondition(columns: Columns, filter: ListFilter, value: string | Placeholder): SQL {
  const compared = TIME_ATTRIBUTES.has(filter.attribute) ? sql`${value}::timestamptz` : sql`${value}`;
  return sql`${columnExpression(columns, filter.attribute)} ${sql.raw(OPERATORS[filter.operation])} ${compared}`;
}

interface PageInput {
  accountId: string;
  sources: DelegationSource[];
  query: ListQuery;
  /** Further conditions on the document itself (not a list attribute): they are read from freight_documents. */
  documentConditions?: SQL[];
}

/** The page's ids in order and the capped count, as two statements (run side by side). */
function pageStatements(
  db: DbOrTx,
  from: { table: PgTable; columns: Columns; idColumn: AnyPgColumn },
  where: SQL,
  query: ListQuery,
  paging: { limit: number | Placeholder; offset: number | Placeholder },
) {
  const { table, columns, idColumn } = from;
  const order = [...query.sort.map((sort) => sql`${columnExpression(columns, sort.attribute)} ${sql.raw(sort.direction)} nulls last`), asc(idColumn)];
  // Only the page's ids, in order: the entries' statement (loadListEntries) reads their documents by key.
  const page = db
    .select({ id: sql<string>`${idColumn}`.as('page_id'), position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('position') })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(paging.limit)
    .offset(paging.offset)
    .as('page');
  return {
    rows: db.select({ id: page.id }).from(page).orderBy(asc(page.position)),
    count: db.select({ counted: sql<number>`count(*)::int` }).from(
      db
        .select({ id: idColumn })
        .from(table)
        .where(where)
        .limit(TOTAL_CAP + 1)
        .as('capped'),
    ),
  };
}

const VIEWERS = { table: documentViewers, columns: VIEWER_COLUMNS, idColumn: documentViewers.documentId };
type PreparedPage = ReturnType<typeof prepareViewerPage>;

/**
 * The read model's two statements for one shape of query (which filters with which operations, which sort), with
 * every value a placeholder: built and prepared once per database and shape. Building them with Drizzle took about a
 * fifth of a list's CPU (issue 24 profile). Shapes are few in practice; the cache is bounded all the same.
 */
function prepareViewerPage(db: DbOrTx, query: ListQuery, name: string) {
  const where = and(
    viewedBy(sql.placeholder('accountId')),
    ...query.filters.map((filter, index) => filterCondition(VIEWER_COLUMNS, filter, sql.placeholder(`filter${index}`))),
  )!;
  const { rows, count } = pageStatements(db, VIEWERS, where, query, { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') });
  return { rows: rows.prepare(`${name}_rows`), count: count.prepare(`${name}_count`) };
}

const SHAPES_PER_DATABASE = 200;
const viewerPages = new WeakMap<object, LRUCache<string, PreparedPage>>();
let shapesPrepared = 0;

function viewerPageOf(db: DbOrTx, query: ListQuery): PreparedPage {
  let shapes = viewerPages.get(db);
  if (!shapes) viewerPages.set(db, (shapes = new LRUCache<string, PreparedPage>({ max: SHAPES_PER_DATABASE })));
  const shape = JSON.stringify([
    query.filters.map((filter) => [filter.attribute, filter.operation]),
    query.sort.map((sort) => [sort.attribute, sort.direction]),
  ]);
  let prepared = shapes.get(shape);
  if (!prepared) shapes.set(shape, (prepared = prepareViewerPage(db, query, `fds_list_page_${++shapesPrepared}`)));
  return prepared;
}

/**
 * One page of the documents the caller sees, and how many there are up to TOTAL_CAP + 1 (the count stops there, so
 * it never costs more than the page). Without account-wide delegations to the caller (the usual case) both read the
 * list's read model, document_viewers, through an index that starts with the account and is in the page's order:
 * a page costs its offset in index entries, however many documents the account holds (docs/decisions/0019). With
 * such delegations, or conditions on other columns, they apply the visibility rule to freight_documents row by row.
 */
export async function readListPage(db: DbOrTx, input: PageInput): Promise<{ ids: string[]; counted: number }> {
  const { accountId, sources, query, documentConditions = [] } = input;
  const paging = { limit: query.limit, offset: query.first - 1 };
  let rows: { id: string }[];
  let count: { counted: number } | undefined;
  if (sources.length === 0 && documentConditions.length === 0 && !isTransaction(db)) {
    const { rows: rowsStatement, count: countStatement } = viewerPageOf(db, query);
    const values = { accountId, ...paging, ...Object.fromEntries(query.filters.map((filter, index) => [`filter${index}`, filterValue(filter)])) };
    [rows, [count]] = await Promise.all([rowsStatement.execute(values), countStatement.execute(values)]);
  } else {
    const fromViewers = sources.length === 0 && documentConditions.length === 0;
    const from = fromViewers ? VIEWERS : { table: freightDocuments, columns: DOCUMENT_COLUMNS, idColumn: freightDocuments.id };
    const where = and(
      fromViewers ? viewedBy(accountId) : visibleTo(accountId, sources),
      ...documentConditions,
      ...query.filters.map((filter) => filterCondition(from.columns, filter, filterValue(filter))),
    )!;
    const statements = pageStatements(db, from, where, query, paging);
    [rows, [count]] = await Promise.all([statements.rows, statements.count]);
  }
  return { ids: rows.map((row) => row.id), counted: count?.counted ?? 0 };
}
