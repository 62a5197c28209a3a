import { and, inArray, sql } from 'drizzle-orm';
import { parseListQuery } from '@/lib/domain/list-query';
import { delegations, documentApprovals, documentRoles } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { callerEnvelopeOf } from '../access/caller-envelope';
import { loadDelegationSources } from '../access/delegation-sources';
import { resolveHeldRoles } from '../access/held-roles';
import { loadOwnAccountDelegations } from '../delegations/delegate-views';
import { countOwnSubscriptions } from '../subscriptions/subscription-counts';
import { quoteIssue } from './credits';
import { documentContentJson } from './document-json';
import { readListPage, TOTAL_CAP } from './list-page';
import { loadPeople } from './serialize-document';

/**
 * GET /freightdocuments (contract §4): the documents in which the caller holds a role (directly or as a
 * delegate), cancelled ones excluded, filtered, sorted (nulls last, then by id for a stable order) and paged
 * from `first` (1-based).
 */
export async function listFreightDocuments({ ctx, input }: { ctx: ServiceContext; input: { query: Iterable<[string, string]> } }) {
  const accountId = requireAccountId(ctx);
  const parsed = parseListQuery(input.query);
  if (!parsed.ok) throw new ServiceError(parsed.errors);
  const { query } = parsed;

  const sources = await loadDelegationSources(ctx.db, accountId);
  const { rows, counted } = await readListPage(ctx.db, { accountId, sources, query });
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
  return {
    freightDocuments: freightDocumentsJson,
    first: query.first,
    limit: query.limit,
    total: Math.min(counted, TOTAL_CAP),
    totalRelation: counted > TOTAL_CAP ? ('gte' as const) : ('eq' as const),
  };
}
