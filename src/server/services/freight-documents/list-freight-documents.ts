import { parseListQuery } from '@/lib/domain/list-query';
import { ServiceError } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { callerEnvelopeOf } from '../document/caller-envelope';
import { loadCallerFacts, loadListEntries } from '../document/load-state';
import { resolveHeldRoles } from '../access/held-roles';
import { quoteFor } from '../document/credits';
import { documentContentJson } from '../document/document-json';
import { readListPage, TOTAL_CAP } from './list-page';
import { searchCondition } from './search-predicate';

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

  // Round trips: the caller's facts, then the page and its count side by side, then what the page's entries need.
  const { sources, ownAccountDelegations } = await loadCallerFacts(ctx.db, accountId);
  const search = input.search?.trim() ? searchCondition(input.search) : undefined;
  const { ids, counted } = await readListPage(ctx.db, { accountId, sources, query, documentConditions: search ? [search] : [] });
  const entries = await loadListEntries(ctx.db, accountId, ids);
  const people = new Map(entries.flatMap((entry) => (entry.submitter ? [[entry.submitter.accountId, entry.submitter] as const] : [])));
  const freightDocumentsJson = entries.map(({ document, roles, documentDelegations, approvals, subscriptionCount, payer }) => {
    const held = resolveHeldRoles({ accountId, roles, documentDelegations, sources });
    const loaded = { document, roles, approvals, access: { accountId, held, documentDelegations } };
    return {
      ...documentContentJson({ document, roles, people }),
      ...callerEnvelopeOf(loaded, { canPayForIssue: quoteFor(ctx, payer).canPay, now: ctx.now() }, { ownAccountDelegations, subscriptionCount }),
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
