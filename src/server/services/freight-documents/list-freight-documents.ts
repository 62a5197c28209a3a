import { and, asc, eq, exists, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { parseListQuery, type ListAttribute, type ListFilter } from '@/lib/domain/list-query';
import { documentRoles, freightDocuments } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { loadPeople, serializeDocument } from './serialize-document';

const COLUMNS: Record<ListAttribute, AnyPgColumn> = {
  status: freightDocuments.status,
  type: freightDocuments.type,
  serviceNumber: freightDocuments.serviceNumber,
  establishedDate: freightDocuments.establishedDate,
  establishedPlace: freightDocuments.establishedPlace,
  carrierCode: freightDocuments.carrierCode,
  lastModifiedDateTime: freightDocuments.lastModifiedDateTime,
  agreedDateTimeOfTakingOver: freightDocuments.agreedDateTimeOfTakingOver,
  estimatedDateTimeOfTakingOver: freightDocuments.estimatedDateTimeOfTakingOver,
  estimatedDateTimeOfDelivery: freightDocuments.estimatedDateTimeOfDelivery,
};
const TIME_ATTRIBUTES = new Set<ListAttribute>([
  'lastModifiedDateTime',
  'agreedDateTimeOfTakingOver',
  'estimatedDateTimeOfTakingOver',
  'estimatedDateTimeOfDelivery',
]);
const OPERATORS = { eq: '=', ne: '<>', gt: '>', lt: '<', ge: '>=', le: '<=' } as const;

/** Text compares by code point (COLLATE "C"), the same on every database and in the tests' model. */
function columnExpression(attribute: ListAttribute): SQL {
  const column = COLUMNS[attribute];
  return TIME_ATTRIBUTES.has(attribute) ? sql`${column}` : sql`(${column} collate "C")`;
}

function filterCondition(filter: ListFilter): SQL {
  const value = TIME_ATTRIBUTES.has(filter.attribute) ? sql`${new Date(filter.value).toISOString()}::timestamptz` : sql`${filter.value}`;
  return sql`${columnExpression(filter.attribute)} ${sql.raw(OPERATORS[filter.operation])} ${value}`;
}

/**
 * GET /freightdocuments (contract §4): the documents in which the caller holds a role, cancelled ones
 * excluded, filtered, sorted (nulls last, then by id for a stable order) and paged from `first` (1-based).
 */
export async function listFreightDocuments({ ctx, input }: { ctx: ServiceContext; input: { query: Iterable<[string, string]> } }) {
  const accountId = requireAccountId(ctx);
  const parsed = parseListQuery(input.query);
  if (!parsed.ok) throw new ServiceError(parsed.errors);
  const { query } = parsed;

  const holdsRole = exists(
    ctx.db
      .select({ one: sql`1` })
      .from(documentRoles)
      .where(and(eq(documentRoles.documentId, freightDocuments.id), eq(documentRoles.accountId, accountId))),
  );
  const where = and(ne(freightDocuments.status, 'CANCELLED'), holdsRole, ...query.filters.map(filterCondition));
  const order = [...query.sort.map((sort) => sql`${columnExpression(sort.attribute)} ${sql.raw(sort.direction)} nulls last`), asc(freightDocuments.id)];

  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(freightDocuments)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.first - 1),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(freightDocuments)
      .where(where),
  ]);
  const roles = rows.length
    ? await ctx.db
        .select()
        .from(documentRoles)
        .where(sql`${documentRoles.documentId} in ${rows.map((row) => row.id)}`)
    : [];
  const people = await loadPeople(
    ctx.db,
    rows.map((row) => row.submitterAccountId),
  );
  const freightDocumentsJson = await Promise.all(
    rows.map((document) => {
      const documentRolesOf = roles.filter((role) => role.documentId === document.id);
      return serializeDocument(
        ctx.db,
        { document, roles: documentRolesOf, callerRoles: documentRolesOf.filter((role) => role.accountId === accountId) },
        { summary: true, people },
      );
    }),
  );
  return { freightDocuments: freightDocumentsJson, first: query.first, limit: query.limit, total: counted?.total ?? 0 };
}
