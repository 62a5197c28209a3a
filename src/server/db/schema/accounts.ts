import { sql } from 'drizzle-orm';
import { index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LOCALES } from '@/lib/i18n/locales';

/** Account numbers come from a sequence: unique, never reused (a sequence never hands a value out twice). */
export const accountNumberSequence = pgSequence('account_number_seq', { startWith: 1000001, minValue: 1000000, maxValue: 99999999 });

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountNumber: text('account_number').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    companyName: text('company_name'),
    passwordHash: text('password_hash').notNull(),
    /** AES-256-GCM ciphertext under APP_SECRET: the server must compute with it (TFA codes), so no hash. */
    accountSecretEncrypted: text('account_secret_encrypted').notNull(),
    credits: integer('credits').notNull().default(0),
    paymentScheme: text('payment_scheme', { enum: ['PRE_PAY', 'POST_PAY'] })
      .notNull()
      .default('PRE_PAY'),
    /** The language of the e-mails to this account (portal languages, src/messages). */
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    /** Portal sessions carry the value they were signed in with; raising it (password change) ends them all. */
    sessionGeneration: integer('session_generation').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('accounts_account_number_key').on(table.accountNumber), uniqueIndex('accounts_email_lower_key').on(sql`lower(${table.email})`)],
);

export const activationTokens = pgTable(
  'account_activation_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('account_activation_tokens_account_idx').on(table.accountId)],
);

/**
 * Password attempts per lock key (`account:<id>`, or `name:<username>` for names of no account; see
 * services/accounts/login-attempts.ts), kept in the database so a lockout holds across instances.
 */
export const loginFailures = pgTable('login_failures', {
  username: text('username').primaryKey(),
  failures: integer('failures').notNull(),
  firstFailureAt: timestamp('first_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Portal sessions ended by signing out (issue 20): a copied session cookie stays a valid JWT until it expires, so
 * its id is kept here until then and every session read refuses it. Removed by the periodic clean-up once expired.
 */
export const endedSessions = pgTable('ended_sessions', {
  sessionId: text('session_id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
