import { relations } from 'drizzle-orm';
import {
  attachments,
  delegations,
  documentApprovals,
  documentComments,
  documentLegalEvents,
  documentCommits,
  documentRoles,
  freightDocuments,
  transferSecrets,
} from './freight-documents';

/**
 * What a document owns, for Drizzle's relational queries: services/document/load-state.ts reads a document with
 * everything its serializer needs in one statement (issue 13: one round trip for the document).
 */
export const freightDocumentRelations = relations(freightDocuments, ({ many }) => ({
  roles: many(documentRoles),
  delegations: many(delegations),
  approvals: many(documentApprovals),
  comments: many(documentComments),
  legalEvents: many(documentLegalEvents),
  commits: many(documentCommits),
  attachments: many(attachments),
  transferSecrets: many(transferSecrets),
}));

export const documentRoleRelations = relations(documentRoles, ({ one }) => ({
  document: one(freightDocuments, { fields: [documentRoles.documentId], references: [freightDocuments.id] }),
}));
export const delegationRelations = relations(delegations, ({ one }) => ({
  document: one(freightDocuments, { fields: [delegations.documentId], references: [freightDocuments.id] }),
}));
export const documentApprovalRelations = relations(documentApprovals, ({ one }) => ({
  document: one(freightDocuments, { fields: [documentApprovals.documentId], references: [freightDocuments.id] }),
}));
export const documentCommentRelations = relations(documentComments, ({ one }) => ({
  document: one(freightDocuments, { fields: [documentComments.documentId], references: [freightDocuments.id] }),
}));
export const documentCommitRelations = relations(documentCommits, ({ one }) => ({
  document: one(freightDocuments, { fields: [documentCommits.documentId], references: [freightDocuments.id] }),
}));
export const attachmentRelations = relations(attachments, ({ one }) => ({
  document: one(freightDocuments, { fields: [attachments.documentId], references: [freightDocuments.id] }),
}));
export const transferSecretRelations = relations(transferSecrets, ({ one }) => ({
  document: one(freightDocuments, { fields: [transferSecrets.documentId], references: [freightDocuments.id] }),
}));
export const documentLegalEventRelations = relations(documentLegalEvents, ({ one }) => ({
  document: one(freightDocuments, { fields: [documentLegalEvents.documentId], references: [freightDocuments.id] }),
}));
