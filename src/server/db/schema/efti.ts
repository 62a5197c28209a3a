import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { freightDocuments } from './freight-documents';

/**
 * Identifier uploads to the eFTI gate (contract §15): one per change that moves what the gate's registry keys on
 * (issue, plates, the collection and delivery, the time of taking over). The job sends the content current when it
 * runs; a newer upload makes a pending one SUPERSEDED.
 */
export const eftiUploads = pgTable(
  'efti_uploads',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['ISSUED', 'LICENSE_PLATES', 'COLLECTION', 'DELIVERY', 'TAKING_OVER_TIME'] }).notNull(),
    state: text('state', { enum: ['PENDING', 'SUCCEEDED', 'FAILED', 'SUPERSEDED'] })
      .notNull()
      .default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('efti_uploads_document_idx').on(table.documentId, table.createdAt)],
);

/** Every attempt of an upload, recorded before the request goes out and completed with its outcome. */
export const eftiUploadAttempts = pgTable(
  'efti_upload_attempts',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => eftiUploads.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    durationMs: integer('duration_ms'),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.attempt] })],
);
