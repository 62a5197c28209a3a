import type { FreightDocumentContent } from '@/lib/schemas/freight-document-response';
import type {
  delegations,
  documentApprovals,
  documentComments,
  documentCommits,
  documentLegalEvents,
  documentRoles,
  freightDocuments,
  transferSecrets,
} from '@/server/db/schema';

/**
 * The rows of a document and its history, each declared once (issue 33): the loader, the change frame, the
 * serializers and the writer all take them from here, so none of them imports another only for a row's type.
 */
export type DocumentRow = typeof freightDocuments.$inferSelect;
export type RoleRow = typeof documentRoles.$inferSelect;
export type DelegationRow = typeof delegations.$inferSelect;
export type ApprovalRow = typeof documentApprovals.$inferSelect;
export type CommentRow = typeof documentComments.$inferSelect;
export type LegalEventRow = typeof documentLegalEvents.$inferSelect;
export type CommitRow = typeof documentCommits.$inferSelect;
export type TransferSecretRow = typeof transferSecrets.$inferSelect;

/** An account as the document and its history name it (read with the document, by the accounts subquery). */
export type AccountSummary = { accountId: string; accountNumber: string; email: string; name: string; phoneNumber: string | null };
/** One current attachment as the document's content lists it. */
export type AttachmentSummary = NonNullable<FreightDocumentContent['attachments']>[number];

/** The approvals, comments and legal events of a document, as the snapshot of its latest commit holds them. */
export interface TransferRecords {
  approvals: ApprovalRow[];
  comments: CommentRow[];
  legalEvents: LegalEventRow[];
}
