import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { freightDocuments } from './freight-documents';

/**
 * A callback URL that is told about status changes (spec §6, contract §11): of one document (documentId set) or
 * of every document its account holds a role in (documentId null). The signing secret is sealed under
 * APP_SECRET: the server must sign with it, so it cannot be hashed.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    documentId: text('document_id').references(() => freightDocuments.id, { onDelete: 'cascade' }),
    callbackUrl: text('callback_url').notNull(),
    signingSecretSealed: text('signing_secret_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_subscriptions_account_idx').on(table.accountId, table.documentId),
    index('webhook_subscriptions_document_idx')
      .on(table.documentId)
      .where(sql`document_id is not null`),
  ],
);

/**
 * One event for one subscription (a status change, a test event, or a redelivery of an earlier one). `body` is
 * kept as the exact bytes sent, so every attempt signs and sends the same payload under the same `webhookId`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    /** Standard Webhooks `webhook-id`: the same for every attempt and every redelivery of one event. */
    webhookId: text('webhook_id').notNull(),
    /** The document_events row behind it; null for test events. */
    eventId: bigint('event_id', { mode: 'number' }),
    body: text('body').notNull(),
    state: text('state', { enum: ['PENDING', 'DELIVERED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('webhook_deliveries_subscription_idx').on(table.subscriptionId, table.createdAt)],
);

/**
 * Every attempt, recorded before the request is sent (the primary key lets only one worker make attempt n) and
 * completed with its outcome; an attempt without an outcome was interrupted (or is still running).
 */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    durationMs: integer('duration_ms'),
  },
  (table) => [primaryKey({ columns: [table.deliveryId, table.attempt] })],
);
