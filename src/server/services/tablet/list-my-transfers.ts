import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import { delegations, documentApprovals, documentLegalEvents, documentRoles, freightDocuments } from '@/server/db/schema';
import { requireAccountId, type ServiceContext } from '../context';
import { loadDelegationSources } from '../access/delegation-sources';
import { resolveHeldRoles } from '../access/held-roles';
import { visibleTo } from '../access/visibility';
import { transferViewsOf } from './transfer-views';

type InstructionEvent = { id: string; instructionId: string | null; body: Record<string, unknown> };

/** The instructions with their answers, in the shape lib/domain/delivery-destination.ts reads (answers in commit order). */
function instructionsOf(events: readonly InstructionEvent[]) {
  return events
    .filter((event) => !event.instructionId)
    .map((instruction) => {
      const answer = events.findIndex((event) => event.instructionId === instruction.id);
      return {
        kind: String(instruction.body.kind),
        createDateTimeServer: '',
        response: answer >= 0 ? { accepted: events[answer]!.body.accepted === true, createDateTimeServer: String(answer).padStart(6, '0') } : undefined,
      };
    });
}

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
  const [roles, documentDelegations, approvals, instructionEvents] = await Promise.all([
    ctx.db.select().from(documentRoles).where(inArray(documentRoles.documentId, ids)),
    ctx.db
      .select()
      .from(delegations)
      .where(and(inArray(delegations.documentId, ids), isNull(delegations.revokedAt))),
    ctx.db.select().from(documentApprovals).where(inArray(documentApprovals.documentId, ids)),
    // Issue 31 item 7: a pending instruction is flagged on the list, and an accepted change of consignee moves "Place".
    ctx.db
      .select({
        id: documentLegalEvents.id,
        documentId: documentLegalEvents.documentId,
        instructionId: documentLegalEvents.instructionId,
        body: documentLegalEvents.body,
      })
      .from(documentLegalEvents)
      .where(and(inArray(documentLegalEvents.documentId, ids), inArray(documentLegalEvents.kind, ['INSTRUCTION', 'INSTRUCTION_RESPONSE']))),
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
    const instructions = instructionsOf(instructionEvents.filter((event) => event.documentId === document.id));
    return transferViewsOf(document, rolesOf, approvalsOf, held, instructions).map((view) => view.item);
  });
  // Soonest first; transfers without a time last, by service number.
  transfers.sort((a, b) => (a.dueAt ?? '9999').localeCompare(b.dueAt ?? '9999') || a.serviceNumber.localeCompare(b.serviceNumber));
  return { transfers };
}
