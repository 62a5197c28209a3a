import type { DocumentStatus, Role } from '@/lib/schemas/freight-document';
import type { LegalSituation } from './legal-events';
import type { ApprovalFact, TransferSituation } from './transfers';

/**
 * The columns of a document the rules read: a document row (services/document/rows.ts) is one, and so can a copy on
 * the tablet be, which is why the rules take this view and not the row (issue 33).
 */
export interface SituationDocument {
  status: DocumentStatus;
  content: Record<string, unknown>;
  custody: readonly string[] | null;
  deliveredAt: Date | null;
  /** Contract §14: set once the note was replaced by a paper consignment note. */
  replacedByPaper?: object | null;
}

/** A role of the document as the rules see it. */
export interface SituationRole {
  id: string;
  role: Role;
}

/** The transfer rules' view of a document (lib/domain/transfers.ts): status, roles, custody, approvals, methods. */
export function situationOf(document: SituationDocument, roles: readonly SituationRole[], approvals: readonly ApprovalFact[]): TransferSituation {
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
  document: SituationDocument,
  roles: readonly SituationRole[],
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
