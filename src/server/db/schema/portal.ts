import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * The parties an account has named in its documents (issue 12), saved on every create and update so that the
 * next draft picks them with a type-ahead. One row per party as the account knows it (`matchKey`: folded name,
 * postal code, city and country); the person may edit or remove rows.
 */
export const addressBookEntries = pgTable(
  'address_book_entries',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    matchKey: text('match_key').notNull(),
    name: text('name').notNull(),
    /** The party's fields as the API names them (no roleId): what the form fills in. */
    party: jsonb('party').$type<Record<string, string>>().notNull(),
    useCount: integer('use_count').notNull().default(1),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [uniqueIndex('address_book_entries_account_key').on(table.accountId, table.matchKey)],
);

/** A draft saved under a name to start new documents from (issue 12): the form's body, without holders' role ids. */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [uniqueIndex('document_templates_account_name_key').on(table.accountId, sql`lower(${table.name})`)],
);

/** "Forgot password" links (issue 12): stored as hashes, single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_account_idx').on(table.accountId)],
);
