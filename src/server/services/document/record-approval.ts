import { and, eq, isNotNull } from 'drizzle-orm';
import { ancestorsOf, reservationsOfApproval, withdrawnReservationIds } from '@/lib/domain/legal-events';
import { completionOf, hasApproved, type ApprovalType, type Transfer, type TransferSide } from '@/lib/domain/transfers';
import type { LocationInput } from '@/lib/schemas/transfers';
import type { Transaction } from '@/server/db/client';
import { documentApprovals, documentComments, documentCommits, documentLegalEvents } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import type { LoadedDocument } from './load-document';
import { situationOf } from '@/lib/domain/situations';
import type { ChangeTimes, DocumentChange } from './mutate-document';
import type { RoleRow } from './rows';

export interface NewApproval {
  transfer: Transfer;
  side: TransferSide;
  type: ApprovalType;
  /** The role approved for. */
  role: Pick<RoleRow, 'id' | 'role'>;
  accountId: string | null;
  submittedByAccountId: string;
  place?: string;
  location?: LocationInput;
  declined?: boolean;
  remarks?: string;
  signedOnGlassBy?: { name: string; email?: string };
  attachmentId?: string;
  times: ChangeTimes;
  /** The heads the approver was shown (the change's previousCommits): the reservations it accepts stand on them. */
  previousCommits: string[];
}

/**
 * Records one approval of a transfer (its commit is the change's) and, when it is the second side's, completes
 * the transfer: the status and the custody move in the same commit, so a transfer moves the document once
 * (contract §7). A decline records the refusal and moves nothing.
 */
/**
 * Contract §14 (CMR art. 8(2)): the reservations of the transfer's stage a counter party's approval accepts, those among
 * the ancestors of the heads it names (what the approver was shown), and those of that stage made since (not accepted).
 * Read in the change's transaction: a reservation recorded just before in the same frame counts.
 */
async function reservationsSeen(tx: Transaction, loaded: LoadedDocument, approval: NewApproval) {
  if (approval.side !== 'COUNTER_PARTY' || approval.declined) return { accepted: [], unseen: [] };
  const documentId = loaded.document.id;
  const [reservations, withdrawals, commits] = await Promise.all([
    tx
      .select({
        commentId: documentComments.id,
        reservation: documentComments.reservation,
        roleId: documentComments.roleId,
        commitId: documentComments.commitId,
      })
      .from(documentComments)
      .where(and(eq(documentComments.documentId, documentId), isNotNull(documentComments.reservation))),
    tx
      .select({ kind: documentLegalEvents.kind, body: documentLegalEvents.body })
      .from(documentLegalEvents)
      .where(and(eq(documentLegalEvents.documentId, documentId), eq(documentLegalEvents.kind, 'RESERVATION_WITHDRAWAL'))),
    tx
      .select({ id: documentCommits.id, previousCommits: documentCommits.previousCommits })
      .from(documentCommits)
      .where(eq(documentCommits.documentId, documentId)),
  ]);
  const withdrawn = withdrawnReservationIds(withdrawals);
  return reservationsOfApproval(
    reservations.map((entry) => ({
      commentId: entry.commentId,
      stage: entry.reservation!.stage,
      toRoleId: entry.roleId,
      commitId: entry.commitId,
      withdrawn: withdrawn.has(entry.commentId),
    })),
    { action: approval.transfer.action, side: approval.side, declined: approval.declined ?? false, toRoleId: approval.transfer.toRoleId },
    ancestorsOf(commits, approval.previousCommits),
  );
}

export async function recordApproval(tx: Transaction, loaded: LoadedDocument, approval: NewApproval): Promise<DocumentChange> {
  const { accepted: acceptedReservations, unseen: unseenReservations } = await reservationsSeen(tx, loaded, approval);
  const row = {
    id: newId(),
    documentId: loaded.document.id,
    commitId: null,
    action: approval.transfer.action,
    side: approval.side,
    type: approval.type,
    role: approval.role.role,
    roleId: approval.role.id,
    fromRoleId: approval.transfer.fromRoleId,
    toRoleId: approval.transfer.toRoleId,
    accountId: approval.accountId,
    submittedByAccountId: approval.submittedByAccountId,
    place: approval.place ?? null,
    latitude: approval.location?.latitude ?? null,
    longitude: approval.location?.longitude ?? null,
    declined: approval.declined ?? false,
    remarks: approval.remarks ?? null,
    signedOnGlassBy: approval.signedOnGlassBy ?? null,
    attachmentId: approval.attachmentId ?? null,
    acceptedReservations,
    unseenReservations,
  };
  await tx.insert(documentApprovals).values(row);

  const after = situationOf(loaded.document, loaded.roles, [...loaded.approvals, row]);
  const completes = !row.declined && hasApproved(after, approval.transfer, 'CARRIER') && hasApproved(after, approval.transfer, 'COUNTER_PARTY');
  if (!completes) return { addsRecords: true };
  const { status, custody } = completionOf(after, approval.transfer);
  return { addsRecords: true, set: { status, custody, ...(status === 'DELIVERED' ? { deliveredAt: deliveryTime(approval.times) } : {}) } };
}

/**
 * When the cargo was delivered: when the delivering device made the change (an offline device says how long
 * ago, never before the commits it saw), else now. A client can only date it back, which shortens its own comment
 * period (4.12), never extends it.
 */
export function deliveryTime(times: ChangeTimes): Date {
  return times.clientTime;
}
