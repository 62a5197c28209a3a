import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { freightDocuments } from './freight-documents';

/**
 * The list's read model (docs/decisions/0019-list-at-scale.md): one row per document and account that holds a role
 * in it, named or as the delegate of one document's role, with a copy of the columns lists filter and sort on. A page
 * is then one range of an index that starts with the account, however many documents the account sees. Kept by
 * database triggers (migration list_viewers) on every write of documents, roles and delegations, in the writing
 * transaction: no code path can forget it.
 */
export const documentViewers = pgTable(
  'document_viewers',
  {
    accountId: text('account_id').notNull(),
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    /** The roles the account holds in the document, named or by a per-document delegation. */
    roles: text('roles').array().notNull(),
    status: text('status', { enum: ['DRAFT', 'ISSUED', 'TRANSIT', 'DELIVERED', 'CANCELLED'] }).notNull(),
    type: text('type').notNull(),
    serviceNumber: text('service_number').notNull(),
    establishedDate: text('established_date'),
    establishedPlace: text('established_place'),
    carrierCode: text('carrier_code'),
    agreedDateTimeOfTakingOver: timestamp('agreed_taking_over', { withTimezone: true, mode: 'date' }),
    estimatedDateTimeOfTakingOver: timestamp('estimated_taking_over', { withTimezone: true, mode: 'date' }),
    estimatedDateTimeOfDelivery: timestamp('estimated_delivery', { withTimezone: true, mode: 'date' }),
    lastModifiedDateTime: timestamp('last_modified', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.documentId] }),
    index('document_viewers_document_idx').on(table.documentId),
    // One index per measured list shape (issue 13): the default order, a status filter in it, and serviceNumber.asc.
    index('document_viewers_default_idx')
      .on(table.accountId, table.lastModifiedDateTime.desc().nullsLast(), table.documentId)
      .where(sql`status <> 'CANCELLED'`),
    // Lists compare text under COLLATE "C" (decision 0005), so the status key is indexed under it too.
    index('document_viewers_status_idx').on(
      table.accountId,
      sql`(${table.status} collate "C")`,
      table.lastModifiedDateTime.desc().nullsLast(),
      table.documentId,
    ),
    index('document_viewers_service_number_idx')
      .on(table.accountId, sql`(${table.serviceNumber} collate "C")`, table.documentId)
      .where(sql`status <> 'CANCELLED'`),
  ],
);
