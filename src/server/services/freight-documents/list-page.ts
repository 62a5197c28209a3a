import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListAttribute, ListFilter, ListQuery } from '@/lib/domain/list-query';
import type { DbOrTx } from '@/server/db/client';
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

function filterCondition(columns: Columns, filter: ListFilter): SQL {
  const value = TIME_ATTRIBUTES.has(filter.attribute) ? sql`${new Date(filter.value).toISOString()}::timestamptz` : sql`${filter.value}`;
  return sql`${columnExpression(columns, filter.attribute)} ${sql.raw(OPERATORS[filter.operation])} ${value}`;
}

interface PageInput {
  accountId: string;
  sources: DelegationSource[];
  query: ListQuery;
  /** Further conditions on the document itself (not a list attribute): they are read from freight_documents. */
  documentConditions?: SQL[];
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
  const fromViewers = sources.length === 0 && documentConditions.length === 0;
  const table: PgTable = fromViewers ? documentViewers : freightDocuments;
  const columns = fromViewers ? VIEWER_COLUMNS : DOCUMENT_COLUMNS;
  const idColumn = fromViewers ? documentViewers.documentId : freightDocuments.id;
  const where = and(
    fromViewers ? viewedBy(accountId) : visibleTo(accountId, sources),
    ...documentConditions,
    ...query.filters.map((filter) => filterCondition(columns, filter)),
  )!;
  const order = [...query.sort.map((sort) => sql`${columnExpression(columns, sort.attribute)} ${sql.raw(sort.direction)} nulls last`), asc(idColumn)];

  // Only the page's ids, in order: the entries' statement (loadListEntries) reads their documents by key.
  const page = db
    .select({ id: sql<string>`${idColumn}`.as('page_id'), position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('position') })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.first - 1)
    .as('page');
  const [rows, [count]] = await Promise.all([
    db.select({ id: page.id }).from(page).orderBy(asc(page.position)),
    db.select({ counted: sql<number>`count(*)::int` }).from(
      db
        .select({ id: idColumn })
        .from(table)
        .where(where)
        .limit(TOTAL_CAP + 1)
        .as('capped'),
    ),
  ]);
  return { ids: rows.map((row) => row.id), counted: count?.counted ?? 0 };
}
