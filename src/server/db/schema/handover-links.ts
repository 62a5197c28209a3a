import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { freightDocuments } from './freight-documents';

/**
 * One-time hand-over links (contract §7): the counter party signs on its own phone, without an account. Only the
 * SHA-256 of the 256-bit token is kept; `usedAt` ends the link (set in the approval's own transaction).
 */
export const handoverLinks = pgTable(
  'handover_links',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['COLLECTION', 'CARRIER_TO_CARRIER', 'DELIVERY'] }).notNull(),
    /** The receiving subsequent carrier of a carrier-to-carrier hand-over, as the request named it. */
    counterPartyRoleId: text('counter_party_role_id'),
    /** The account that asked for the link: the approval is recorded as submitted by it. */
    createdByAccountId: text('created_by_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (table) => [uniqueIndex('handover_links_token_hash_key').on(table.tokenHash), index('handover_links_document_idx').on(table.documentId)],
);

/**
 * Photos the counter party took on the hand-over page for its reservations (contract §7, §14), sent one per request
 * before it confirms and recorded with the reservation in the confirmation's frame. The rows go with the link
 * (cascade); bytes never recorded on a reservation are left to the blob store's orphan sweep.
 */
export const handoverLinkPhotos = pgTable(
  'handover_link_photos',
  {
    id: text('id').primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => handoverLinks.id, { onDelete: 'cascade' }),
    /** The photo's bytes are in the blob store (staged with an upload record, so the orphan sweep knows them). */
    digest: text('digest').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (table) => [index('handover_link_photos_link_idx').on(table.linkId)],
);
