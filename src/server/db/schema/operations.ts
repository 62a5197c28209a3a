import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters (fixed windows), one row per limited subject and kind: counted with one atomic upsert, so
 * every instance on one database shares them. Rows of past windows are removed by the job worker's clean-up.
 * `windowSeconds` is the row's own window (a day for the reset mails and the mail budget, an hour for a document's
 * mails to one address, contract §1); null is RATE_LIMIT_WINDOW_SECONDS.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  hits: integer('hits').notNull(),
  windowSeconds: integer('window_seconds'),
});

/**
 * Idempotency keys (contract §13): per scope (an account, or a client system for sign-ups) and key, the
 * fingerprint of the first request and, once it finished, its answer sealed under APP_SECRET (answers can carry
 * secrets shown once). `lockedUntil` is the lease of the request still running; a repeat waits for it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    answerSealed: text('answer_sealed'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] }), index('idempotency_keys_expires_idx').on(table.expiresAt)],
);
