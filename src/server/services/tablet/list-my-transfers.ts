import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import { delegations, documentApprovals, documentRoles, freightDocuments } from '@/server/db/schema';
import { requireAccountId, type ServiceContext } from '../context';
import { loadDelegationSources } from '../access/delegation-sources';
import { resolveHeldRoles } from '../access/held-roles';
import { visibleTo } from '../access/visibility';
import { transferViewsOf } from './transfer-views';

/** A driver's day, with room to spare; older work is found through the portal's list. */
const MAX_DOCUMENTS = 200;

/**
 * "My transfers" on the tablet (issue 9 part 4): the documents where the caller (directly or as a delegate) is
 * carrier or subsequent carrier and a transfer it takes part in is open, soonest first. The visibility rule is the
 * list's; which transfers are open and on which side comes from lib/domain (tablet-transfers.ts).
 */
export async function listMyTransfers({ ctx }: { ctx: ServiceContext }) {
  const accountId = requireAccountId(ctx);
  const sources = await loadDelegationSources(ctx.db, accountId);
  const rows = await ctx.db
    .select()
    .from(freightDocuments)
    .where(and(visibleTo(accountId, sources), inArray(freightDocuments.status, ['ISSUED', 'TRANSIT'])))
    .orderBy(
      sql`coalesce(${freightDocuments.estimatedDateTimeOfTakingOver}, ${freightDocuments.agreedDateTimeOfTakingOver}) asc nulls last`,
      asc(freightDocuments.id),
    )
    .limit(MAX_DOCUMENTS);
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { transfers: [] };
  const [roles, documentDelegations, approvals] = await Promise.all([
    ctx.db.select().from(documentRoles).where(inArray(documentRoles.documentId, ids)),
    ctx.db
      .select()
      .from(delegations)
      .where(and(inArray(delegations.documentId, ids), isNull(delegations.revokedAt))),
    ctx.db.select().from(documentApprovals).where(inArray(documentApprovals.documentId, ids)),
  ]);
  const transfers = rows.flatMap((document) => {
    const rolesOf = roles.filter((role) => role.documentId === document.id);
    const held = resolveHeldRoles({
      accountId,
      roles: rolesOf,
      documentDelegations: documentDelegations.filter((delegation) => delegation.documentId === document.id),
      sources,
    });
    const approvalsOf = approvals.filter((approval) => approval.documentId === document.id);
    return transferViewsOf(document, rolesOf, approvalsOf, held).map((view) => view.item);
  });
  // Soonest first; transfers without a time last, by service number.
  transfers.sort((a, b) => (a.dueAt ?? '9999').localeCompare(b.dueAt ?? '9999') || a.serviceNumber.localeCompare(b.serviceNumber));
  return { transfers };
}
