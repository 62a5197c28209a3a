import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, freightDocuments } from './freight-documents';

/**
 * Rendered PDFs (issue 11), keyed by the hash of everything the PDF is made of: the document's content at its
 * head commit(s), the label languages, the verification URL and the template version. A new commit gives a new
 * key, so a cached PDF can never be stale; writing one removes the older renders of the same document and variant
 * (main language, with or without signature images), so the table holds at most one PDF per document and variant. In the database, not in memory: every
 * instance behind the balancer shares it and it survives restarts.
 */
export const documentPdfs = pgTable(
  'document_pdfs',
  {
    key: text('key').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    /** The main label language, and `-sealed` when the signature images are left out (callers who may not see them). */
    variant: text('variant').notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('document_pdfs_document_idx').on(table.documentId, table.variant)],
);

/**
 * Visits of the public verification page (contract §9): each one is an access in the document's history. Kept
 * beside the commit chain, not in it: a visit changes nothing of the document, has no account to sign it, and
 * must not move the heads that clients send back as previousCommits (decision 0014).
 */
export const documentAccesses = pgTable(
  'document_accesses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    /**
     * VERIFICATION_PAGE: the public page was opened (from the QR code or the verificationUrl). EFTI_GATE_READ and
     * EFTI_FOLLOW_UP (contract §15): an authority's gate asked for the data set or sent a follow-up; kept at least two
     * years (Impl. Reg. 2025/2243 Art. 3), like every access, as long as the document.
     */
    type: text('type', { enum: ['VERIFICATION_PAGE', 'EFTI_GATE_READ', 'EFTI_FOLLOW_UP'] }).notNull(),
    accessedAt: timestamp('accessed_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    /**
     * One row per visitor and hour (issue 20: every visit wrote a row, so one visitor could push the real accesses
     * out of the 100 shown): a keyed hash of the visitor's address and the hour; `visits` counts the rest.
     */
    visitorHour: text('visitor_hour'),
    visits: integer('visits').notNull().default(1),
    /** eFTI accesses: the gate's request id (`X-Request-ID`), the subsets asked for, the answer's status and digest. */
    requestId: text('request_id'),
    subsets: jsonb('subsets').$type<string[]>(),
    httpStatus: integer('http_status'),
    responseSha256: text('response_sha256'),
    /** A follow-up's text. */
    message: text('message'),
  },
  (table) => [
    index('document_accesses_document_idx').on(table.documentId, table.id),
    uniqueIndex('document_accesses_visitor_hour_idx').on(table.documentId, table.visitorHour),
  ],
);
