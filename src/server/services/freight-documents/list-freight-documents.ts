import { and, asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { parseListQuery, type ListAttribute, type ListFilter } from '@/lib/domain/list-query';
import { delegations, documentApprovals, documentRoles, freightDocuments } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { callerEnvelopeOf } from '../access/caller-envelope';
import { loadDelegationSources } from '../access/delegation-sources';
import { resolveHeldRoles } from '../access/held-roles';
import { visibleTo } from '../access/visibility';
import { loadOwnAccountDelegations } from '../delegations/delegate-views';
import { countOwnSubscriptions } from '../subscriptions/subscription-counts';
import { quoteIssue } from './credits';
import { documentContentJson } from './document-json';
import { loadPeople } from './serialize-document';
import { searchCondition } from './search-predicate';

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
 * GET /freightdocuments (contract §4): the documents in which the caller holds a role (directly or as a
 * delegate), cancelled ones excluded, filtered, sorted (nulls last, then by id for a stable order) and paged
 * from `first` (1-based).
 */
export async function listFreightDocuments({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  /** `search`: the portal's search box (search-predicate.ts); the REST list never passes it. */
  input: { query: Iterable<[string, string]>; search?: string };
}) {
  const accountId = requireAccountId(ctx);
  const parsed = parseListQuery(input.query);
  if (!parsed.ok) throw new ServiceError(parsed.errors);
  const { query } = parsed;

  const sources = await loadDelegationSources(ctx.db, accountId);
  const search = input.search?.trim() ? searchCondition(input.search) : undefined;
  const where = and(visibleTo(accountId, sources), ...query.filters.map(filterCondition), search);
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
  const ids = rows.map((row) => row.id);
  const issuedIds = rows.filter((row) => row.status !== 'DRAFT').map((row) => row.id);
  const [roles, documentDelegations, people, quote, approvals, ownAccountDelegations, subscriptionCounts] = await Promise.all([
    ids.length ? ctx.db.select().from(documentRoles).where(inArray(documentRoles.documentId, ids)) : [],
    ids.length
      ? ctx.db
          .select()
          .from(delegations)
          .where(and(inArray(delegations.documentId, ids), sql`${delegations.revokedAt} is null`))
      : [],
    loadPeople(
      ctx.db,
      rows.map((row) => row.submitterAccountId),
    ),
    rows.some((row) => row.status === 'DRAFT') ? quoteIssue(ctx, ctx.db, accountId) : undefined,
    // allowedActions of transfers depend on what has been approved.
    issuedIds.length ? ctx.db.select().from(documentApprovals).where(inArray(documentApprovals.documentId, issuedIds)) : [],
    loadOwnAccountDelegations(ctx.db, accountId),
    countOwnSubscriptions(ctx.db, accountId, ids),
  ]);
  const freightDocumentsJson = rows.map((document) => {
    const documentRolesOf = roles.filter((role) => role.documentId === document.id);
    const delegationsOf = documentDelegations.filter((delegation) => delegation.documentId === document.id);
    const held = resolveHeldRoles({ accountId, roles: documentRolesOf, documentDelegations: delegationsOf, sources });
    const approvalsOf = approvals.filter((approval) => approval.documentId === document.id);
    const loaded = { document, roles: documentRolesOf, approvals: approvalsOf, access: { accountId, held, documentDelegations: delegationsOf } };
    return {
      ...documentContentJson({ document, roles: documentRolesOf, people }),
      ...callerEnvelopeOf(
        loaded,
        { canPayForIssue: quote?.canPay, now: ctx.now() },
        { ownAccountDelegations, subscriptionCount: subscriptionCounts.get(document.id) },
      ),
    };
  });
  return { freightDocuments: freightDocumentsJson, first: query.first, limit: query.limit, total: counted?.total ?? 0 };
}
