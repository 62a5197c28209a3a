import type { ApprovalFact, TransferSituation } from '@/lib/domain/transfers';
import type { documentApprovals, documentRoles, freightDocuments } from '@/server/db/schema';

type DocumentRow = typeof freightDocuments.$inferSelect;
type RoleRow = typeof documentRoles.$inferSelect;
export type ApprovalRow = typeof documentApprovals.$inferSelect;

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
