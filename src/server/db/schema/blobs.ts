import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Blobs written to the store by an upload (issue 37), recorded before they are committed under their digest and
 * outside the change's transaction: an upload whose change failed (a refused body, a crash) leaves a blob no
 * attachment names, and the orphan sweep finds it here. Once 24 hours have passed the sweep deletes the row, and
 * the blob with it when no attachment row and no commit content names the digest.
 */
export const blobUploads = pgTable(
  'blob_uploads',
  {
    digest: text('digest').primaryKey(),
    /** Refreshed by every upload of the same bytes: the 24 hours count from the latest one. */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('blob_uploads_uploaded_idx').on(table.uploadedAt)],
);
