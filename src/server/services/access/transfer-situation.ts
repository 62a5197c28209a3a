import type { LegalSituation } from '@/lib/domain/legal-events';
import type { ApprovalFact, TransferSituation } from '@/lib/domain/transfers';
import type { DocumentRow, RoleRow } from '../document/rows';

/** The transfer rules' view of a document (lib/domain/transfers.ts): status, roles, custody, approvals, methods. */
export function situationOf(document: DocumentRow, roles: readonly RoleRow[], approvals: readonly ApprovalFact[]): TransferSituation {
  const methods = (document.content.availableSigningMethods ?? {}) as TransferSituation['signingMethods'];
  return {
    status: document.status,
    roles: roles.map((role) => ({ id: role.id, role: role.role })),
    custody: document.custody ?? [],
    approvals,
    signingMethods: methods,
  };
}

/** The legal-event rules' view (lib/domain/legal-events.ts): the transfers, delivery, replacement, disposal, box 15. */
export function legalSituationOf(
  document: DocumentRow,
  roles: readonly RoleRow[],
  approvals: readonly ApprovalFact[],
  pendingInstructions = 0,
): LegalSituation {
  const amount = Number(document.content.reimbursementAmount ?? 0);
  return {
    ...situationOf(document, roles, approvals),
    deliveredAt: document.deliveredAt,
    replacedByPaper: document.replacedByPaper !== null && document.replacedByPaper !== undefined,
    consigneeHasRightOfDisposal: document.content.consigneeHasRightOfDisposal === true,
    pendingInstructions,
    reimbursementAmount: Number.isFinite(amount) ? amount : 0,
  };
}
