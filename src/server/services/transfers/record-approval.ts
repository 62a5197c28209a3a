import { completionOf, hasApproved, type ApprovalType, type Transfer, type TransferSide } from '@/lib/domain/transfers';
import type { LocationInput } from '@/lib/schemas/transfers';
import type { Transaction } from '@/server/db/client';
import { documentApprovals } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import type { ServiceContext } from '../context';
import type { LoadedDocument, RoleRow } from '../access/load-document';
import { situationOf } from '../access/transfer-situation';
import type { DocumentChange } from '../freight-documents/mutate-document';

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
}

/**
 * Records one approval of a transfer (its commit is the change's) and, when it is the second side's, completes
 * the transfer: the status and the custody move in the same commit, so a transfer moves the document once
 * (contract §7). A decline records the refusal and moves nothing.
 */
export async function recordApproval(ctx: ServiceContext, tx: Transaction, loaded: LoadedDocument, approval: NewApproval): Promise<DocumentChange> {
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
  };
  await tx.insert(documentApprovals).values(row);

  const after = situationOf(loaded.document, loaded.roles, [...loaded.approvals, row]);
  const completes = !row.declined && hasApproved(after, approval.transfer, 'CARRIER') && hasApproved(after, approval.transfer, 'COUNTER_PARTY');
  if (!completes) return { addsRecords: true };
  const { status, custody } = completionOf(after, approval.transfer);
  return { addsRecords: true, set: { status, custody, ...(status === 'DELIVERED' ? { deliveredAt: ctx.now() } : {}) } };
}

/** The moment a client made a change it sends `secondsSinceCreation` ago (an offline device), else unknown. */
export function clientTimeOf(ctx: ServiceContext, secondsSinceCreation: number | undefined): Date | null {
  return secondsSinceCreation === undefined ? null : new Date(ctx.now().getTime() - Math.round(secondsSinceCreation * 1000));
}
