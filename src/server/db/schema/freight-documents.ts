import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export interface LicensePlateRecord {
  roleId: string;
  licensePlate: string;
  countryCode: string | null;
  type: 'TRUCK' | 'TRAILER';
}

/**
 * `clientMeta` of a comment (contract §7): a string or a JSON object returned exactly as sent. Kept as `json` (which
 * keeps the text, key order included) inside `{"v": …}`, because drivers parse a JSON value that is itself a
 * string a second time; the wrapper makes every stored value an object, read the same by every driver.
 */
const wrappedJson = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'json',
  toDriver: (value) => JSON.stringify({ v: value }),
  fromDriver: (raw) => {
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { v?: unknown } | null;
    return parsed && typeof parsed === 'object' && 'v' in parsed ? parsed.v : parsed;
  },
});

export interface ReplacedByPaperRecord {
  at: string;
  byRole: string;
  reason: string;
}

/** A reservation (contract §14): a comment with a stage and a kind; `withinTimeLimit` for after-delivery ones. */
export interface ReservationRecord {
  stage: 'TAKING_OVER' | 'CARRIER_TO_CARRIER' | 'DELIVERY' | 'AFTER_DELIVERY' | 'DELAY';
  kind: string;
  goodsLines?: number[];
  withinTimeLimit: boolean;
  /** Contract §7: a reservation the carrier side recorded for the counter party on the hand-over page (signer's name). */
  recordedFor?: { name: string };
}

const ROLE_NAMES = ['SUBMITTER', 'CONSIGNOR', 'CONSIGNEE', 'CARRIER', 'SUBSEQUENT_CARRIER', 'PLACE_OF_TAKING_OVER', 'PLACE_OF_DELIVERY'] as const;

/** Product ids of structured goods lines: stable across PUTs and PATCHes. */
export const productIdSequence = pgSequence('product_id_seq', { startWith: 1 });

/** One row per environment: the last service number handed out. Incremented inside the creating transaction, so gap-free. */
export const serviceNumberCounters = pgTable('service_number_counters', {
  environment: text('environment').primaryKey(),
  lastValue: bigint('last_value', { mode: 'number' }).notNull(),
});

/**
 * The document. Columns that lists filter and sort on are real columns; the rest of the legal content is
 * one JSON value, replaced as a whole by PUT (spec §4 rule 1).
 */
export const freightDocuments = pgTable(
  'freight_documents',
  {
    id: text('id').primaryKey(),
    serviceNumber: text('service_number').notNull(),
    type: text('type').notNull(),
    status: text('status', { enum: ['DRAFT', 'ISSUED', 'TRANSIT', 'DELIVERED', 'CANCELLED'] }).notNull(),
    submitterAccountId: text('submitter_account_id')
      .notNull()
      .references(() => accounts.id),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    establishedDate: text('established_date'),
    establishedPlace: text('established_place'),
    carrierCode: text('carrier_code'),
    agreedDateTimeOfTakingOver: timestamp('agreed_taking_over', { withTimezone: true, mode: 'date' }),
    estimatedDateTimeOfTakingOver: timestamp('estimated_taking_over', { withTimezone: true, mode: 'date' }),
    estimatedDateTimeOfDelivery: timestamp('estimated_delivery', { withTimezone: true, mode: 'date' }),
    headCommits: jsonb('head_commits').$type<string[]>().notNull(),
    structuredGoodsCommitId: text('structured_goods_commit_id'),
    lastModifiedDateTime: timestamp('last_modified', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Custody (contract §7): the carrier-side roles that have held the cargo, in order; the last one holds it
     * while the document is in TRANSIT. Empty before the collection.
     */
    custody: jsonb('custody')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The license plates of the carrier roles (contract §7), each role's set replaced as a whole. */
    licensePlates: jsonb('license_plates')
      .$type<LicensePlateRecord[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When the document became DELIVERED: comments close 14 days later (4.12). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /** Contract §14: when and why the note was replaced by a paper consignment note; every later change is 4.63. */
    replacedByPaper: jsonb('replaced_by_paper').$type<ReplacedByPaperRecord>(),
    /**
     * What the next commit takes from the current heads (lib/chain/formula.ts): each head's records root and the
     * part digests its content names, so that a change naming the heads reads nothing more. Null, or without a head a
     * change names (an older head, a chain begun before version 5): the commit writer reads the parents instead.
     */
    chainHeads: jsonb('chain_heads').$type<Record<string, { recordsRoot: string; parts: Record<string, string> }>>(),
    /**
     * The secret of the public verification page (contract §9, `/verify/{token}`): 256 random bits from the
     * database's CSPRNG, made at creation by the default (and for the documents that existed, by the migration).
     */
    verificationToken: text('verification_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /**
     * Contract §15: the eFTI data set's UUID (version 4, random), made at creation by the default and never changed;
     * the gate names the document by it. Documents that existed got theirs from a data migration.
     */
    datasetId: uuid('dataset_id')
      .notNull()
      .default(sql`gen_random_uuid()`),
  },
  (table) => [
    uniqueIndex('freight_documents_service_number_key').on(table.serviceNumber),
    index('freight_documents_last_modified_idx').on(table.lastModifiedDateTime, table.id),
    // The list's default order (lastModifiedDateTime.desc, nulls last, then id asc), so a page is read in index
    // order and stops at `first + limit` instead of sorting every document the caller can see.
    index('freight_documents_list_default_idx').on(table.lastModifiedDateTime.desc().nullsLast(), table.id),
    // sort=serviceNumber.asc: the list compares text under COLLATE "C", which the unique index above cannot serve.
    uniqueIndex('freight_documents_verification_token_key').on(table.verificationToken),
    uniqueIndex('freight_documents_dataset_id_key').on(table.datasetId),
    index('freight_documents_list_service_number_idx').on(sql`(${table.serviceNumber} collate "C")`, table.id),
  ],
);

/**
 * Who holds which role. A holder is an account, or an e-mail address (pending) that becomes the account
 * with that address when it is activated. The submitter holds SUBMITTER.
 */
/**
 * Who has been e-mailed that a document names them (issue 20): one such mail per address and document, however
 * often a PUT removes and adds the address again (each time mailed it before, so a draft could flood an inbox).
 * Addresses are kept as keyed hashes only.
 */
export const documentMailRecipients = pgTable(
  'document_mail_recipients',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.documentId, table.addressHash] })],
);

export const documentRoles = pgTable(
  'document_roles',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    role: text('role', {
      enum: ['SUBMITTER', 'CONSIGNOR', 'CONSIGNEE', 'CARRIER', 'SUBSEQUENT_CARRIER', 'PLACE_OF_TAKING_OVER', 'PLACE_OF_DELIVERY'],
    }).notNull(),
    accountId: text('account_id').references(() => accounts.id),
    email: text('email'),
    party: jsonb('party').$type<Record<string, unknown>>().notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('document_roles_document_idx').on(table.documentId),
    index('document_roles_account_idx').on(table.accountId, table.documentId),
    index('document_roles_pending_email_idx')
      .on(sql`lower(${table.email})`)
      .where(sql`account_id is null`),
  ],
);

export const attachments = pgTable(
  'attachments',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    /** SIGNATURE: the image of a sign-on-glass approval (contract §7), always sealed. */
    type: text('type', { enum: ['GOODS', 'GENERAL', 'COMMENT', 'SIGNATURE'] }).notNull(),
    name: text('name'),
    originalFileName: text('original_file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sealed: boolean('sealed').notNull().default(false),
    size: integer('size').notNull(),
    /**
     * The bytes of attachments stored before issue 37, until `npm run admin -- blobs:migrate` moves them to the blob
     * store and clears the column; null for every attachment since (its bytes are the blob named by `sha256`).
     */
    content: bytea('content'),
    /**
     * SHA-256 of the content, hex: commit snapshots name attachments by it, so the chain covers their bytes; the blob
     * store keeps the bytes under it.
     */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Set when a PUT drops the attachment from a draft. The bytes stay: earlier commits name them, and any
     * commit must stay renderable and verifiable.
     */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('attachments_document_idx').on(table.documentId),
    // The orphan sweep asks whether any attachment names a blob.
    index('attachments_sha256_idx').on(table.sha256),
    // blobs:migrate finds (and counts) the attachments whose bytes are still in the database: few, then none.
    index('attachments_legacy_content_idx')
      .on(table.id)
      .where(sql`${table.content} is not null`),
  ],
);

/** The history: every change is a commit in a hash chain (contract §6). */
export const documentCommits = pgTable(
  'document_commits',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    changeType: text('change_type').notNull(),
    /** The account that made the change; null for actors without an account (the system). */
    accountId: text('account_id').references(() => accounts.id),
    /** Who acted (see lib/domain/actor.ts): an account, a delegate for a role, a signer on glass, the system. */
    actor: jsonb('actor').$type<Record<string, unknown>>().notNull(),
    /**
     * 1: contentHash over the columns of the time (no snapshot kept); 2–4: contentHash is the SHA-256 of the
     * stored snapshot (document_snapshots), so it can be recomputed for every commit; 5: the content names the
     * document's large parts and its records by digest (lib/chain/formula.ts, decision 0039).
     */
    hashVersion: integer('hash_version').notNull().default(1),
    /**
     * The records root of the commit (lib/chain/formula.ts): folded from its parents' roots and the records it added.
     * Hashed inside version 5 contents; kept for every commit so that a child finds its parents' roots without
     * folding the history again (older commits get theirs when a first version 5 child needs it).
     */
    recordsRoot: text('records_root'),
    newStatus: text('new_status'),
    previousCommits: jsonb('previous_commits').$type<string[]>().notNull(),
    contentHash: text('content_hash').notNull(),
    createDateTimeClient: timestamp('created_client', { withTimezone: true, mode: 'date', precision: 3 }),
    createDateTimeServer: timestamp('created_server', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (table) => [uniqueIndex('document_commits_document_sequence_key').on(table.documentId, table.sequence)],
);

/**
 * Content-addressed JSON of the chain, keyed by its SHA-256: the content each commit hashed (versions 2–4: the
 * whole snapshot; version 5: the small content that names the rest by digest), and the large parts of documents
 * (content, roles, attachments) that version 5 contents name, each stored once however many commits name it.
 */
export const documentSnapshots = pgTable('document_snapshots', {
  contentHash: text('content_hash').primaryKey(),
  body: jsonb('body').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * One row per status change, written in the transaction of its commit: webhooks and other consumers read them,
 * so an event exists exactly when its change does.
 */
export const documentEvents = pgTable(
  'document_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    commitId: text('commit_id').notNull(),
    /** LEGAL_EVENT: a legal event of contract §14 (`event`), sent with the unchanged status. */
    type: text('type', { enum: ['STATUS_CHANGED', 'LEGAL_EVENT'] }).notNull(),
    status: text('status').notNull(),
    event: text('event'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('document_events_document_idx').on(table.documentId, table.id)],
);

/**
 * A role's rights handed to another account (spec §1): for one document (documentId set) or for every
 * document, present and future, in which the grantor holds the role (documentId null). `parentId` is the
 * delegation through which the grantor held the role, so revoking one ends everything delegated from it.
 */
export const delegations = pgTable(
  'delegations',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id').references(() => freightDocuments.id, { onDelete: 'cascade' }),
    role: text('role', {
      enum: ['SUBMITTER', 'CONSIGNOR', 'CONSIGNEE', 'CARRIER', 'SUBSEQUENT_CARRIER', 'PLACE_OF_TAKING_OVER', 'PLACE_OF_DELIVERY'],
    }).notNull(),
    /** Per document: the role row whose rights are handed on (a document can have several subsequent carriers). */
    roleId: text('role_id'),
    grantorAccountId: text('grantor_account_id')
      .notNull()
      .references(() => accounts.id),
    delegateAccountId: text('delegate_account_id')
      .notNull()
      .references(() => accounts.id),
    parentId: text('parent_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (table) => [
    index('delegations_delegate_idx')
      .on(table.delegateAccountId)
      .where(sql`revoked_at is null`),
    index('delegations_document_idx')
      .on(table.documentId)
      .where(sql`revoked_at is null`),
    index('delegations_parent_idx').on(table.parentId),
    // One active delegation per delegate and role row of a document, and per delegate and role account-wide
    // (3.36, 3.38): the services check first, these refuse what two requests at once could still insert.
    uniqueIndex('delegations_document_active_key')
      .on(table.documentId, table.roleId, table.delegateAccountId)
      .where(sql`revoked_at is null and document_id is not null`),
    uniqueIndex('delegations_account_active_key')
      .on(table.grantorAccountId, table.role, table.delegateAccountId)
      .where(sql`revoked_at is null and document_id is null`),
  ],
);

/**
 * Approvals of cargo transfers (contract §7), one per commit. `commitId` is set by the commit writer in the
 * same transaction, once the commit's id (which hashes the snapshot that already holds the approval) is known.
 */
export const documentApprovals = pgTable(
  'document_approvals',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    commitId: text('commit_id'),
    action: text('action', { enum: ['COLLECTION', 'CARRIER_TO_CARRIER', 'DELIVERY'] }).notNull(),
    side: text('side', { enum: ['CARRIER', 'COUNTER_PARTY'] }).notNull(),
    type: text('type', { enum: ['OWN', 'TFA', 'SIGN_ON_GLASS', 'IMPLICIT'] }).notNull(),
    /** The role approved for, and its row. */
    role: text('role', {
      enum: ['SUBMITTER', 'CONSIGNOR', 'CONSIGNEE', 'CARRIER', 'SUBSEQUENT_CARRIER', 'PLACE_OF_TAKING_OVER', 'PLACE_OF_DELIVERY'],
    }).notNull(),
    roleId: text('role_id').notNull(),
    /** The carrier-side role handing over (null at collection) and the receiving role (null at delivery). */
    fromRoleId: text('from_role_id'),
    toRoleId: text('to_role_id'),
    /** The account that approved (the role's holder, or the TFA code's account); null for signatures and implicit approvals. */
    accountId: text('account_id').references(() => accounts.id),
    /** The account whose request recorded it (a delegate, or the carrier recording its counter party). */
    submittedByAccountId: text('submitted_by_account_id')
      .notNull()
      .references(() => accounts.id),
    place: text('place'),
    latitude: text('latitude'),
    longitude: text('longitude'),
    declined: boolean('declined').notNull().default(false),
    remarks: text('remarks'),
    signedOnGlassBy: jsonb('signed_on_glass_by').$type<{ name: string; email?: string }>(),
    /** The sealed signature image of a sign-on-glass approval. */
    attachmentId: text('attachment_id'),
    /** Contract §14: the reservations of this transfer's stage a counter party accepted by approving. */
    acceptedReservations: jsonb('accepted_reservations')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Contract §14: reservations of that stage made after the heads the approver saw, which it therefore did not accept. */
    unseenReservations: jsonb('unseen_reservations')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [index('document_approvals_document_idx').on(table.documentId)],
);

/** Comments of carriers after issue (contract §7), one per commit; `commitId` as for approvals. */
export const documentComments = pgTable(
  'document_comments',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    commitId: text('commit_id'),
    text: text('text'),
    /** Carriers comment; consignees and places of delivery write reservations too (contract §14). */
    role: text('role', { enum: ROLE_NAMES }).notNull(),
    roleId: text('role_id').notNull(),
    accountId: text('account_id').references(() => accounts.id),
    submittedByAccountId: text('submitted_by_account_id')
      .notNull()
      .references(() => accounts.id),
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull(),
    /** A string or a JSON object, kept as sent (contract §7): `json`, not `jsonb`, keeps its text. */
    clientMeta: wrappedJson('client_meta'),
    reservation: jsonb('reservation').$type<ReservationRecord>(),
  },
  (table) => [index('document_comments_document_idx').on(table.documentId)],
);

/**
 * The TFA secrets of each transfer of a document (contract §8), made at issue: one row for the collection, one
 * for the delivery, one per subsequent carrier for the hand-over to it (`roleId`). Sealed under APP_SECRET, not
 * hashed: the server shows them to the transfer's parties and computes response codes with s2.
 */
export const transferSecrets = pgTable(
  'transfer_secrets',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['COLLECTION', 'CARRIER_TO_CARRIER', 'DELIVERY'] }).notNull(),
    /** The receiving subsequent carrier of a carrier-to-carrier transfer; '' for collection and delivery. */
    roleId: text('role_id').notNull().default(''),
    sealed: text('sealed').notNull(),
    // The TFA attempt limit of contract §8, counted on the transfer's own row (one atomic UPDATE per attempt):
    // codes being checked or found wrong in the window that started at `codeWindowStartedAt`.
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeWindowStartedAt: timestamp('code_window_started_at', { withTimezone: true, mode: 'date' }),
    /** The counter parties were told of the lock of this window (once). */
    codeLockNotified: boolean('code_lock_notified').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.documentId, table.action, table.roleId] })],
);

/**
 * The legal events of contract §14 other than reservations (which are comments): instructions and their answers,
 * impediments, cash on delivery, the replacement by paper and the withdrawal of a reservation (`body.commentId`:
 * the reservation's row never changes, its digest is in the chain), one per commit; `commitId` as for approvals.
 */
export const documentLegalEvents = pgTable(
  'document_legal_events',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => freightDocuments.id, { onDelete: 'cascade' }),
    commitId: text('commit_id'),
    kind: text('kind', {
      enum: ['INSTRUCTION', 'INSTRUCTION_RESPONSE', 'IMPEDIMENT', 'CASH_ON_DELIVERY', 'REPLACED_BY_PAPER', 'RESERVATION_WITHDRAWAL'],
    }).notNull(),
    /** For an INSTRUCTION_RESPONSE: the instruction it answers. */
    instructionId: text('instruction_id'),
    role: text('role', { enum: ROLE_NAMES }).notNull(),
    roleId: text('role_id').notNull(),
    accountId: text('account_id').references(() => accounts.id),
    submittedByAccountId: text('submitted_by_account_id')
      .notNull()
      .references(() => accounts.id),
    /** What the request said (kind, text, new parties, amount …), as validated. */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    attachmentIds: jsonb('attachment_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [index('document_legal_events_document_idx').on(table.documentId)],
);

/**
 * The result of a document's chain check (contract §1, §6), kept per head so that the verification page answers
 * from it; a later commit makes the next check verify only the commits after `verifiedSequence`.
 */
export const documentChainChecks = pgTable('document_chain_checks', {
  documentId: text('document_id')
    .primaryKey()
    .references(() => freightDocuments.id, { onDelete: 'cascade' }),
  /** The document's heads when checked, sorted: the result holds while they are the heads. */
  heads: jsonb('heads').$type<string[]>().notNull(),
  /** The last commit the check covered (by sequence); an intact chain's next check starts after it. */
  verifiedSequence: integer('verified_sequence').notNull(),
  /**
   * MD5 of the hashed fields of the commits up to `verifiedSequence`, computed by the database: a commit row changed
   * behind the service's back makes the next visit check the chain from the start instead of answering from here.
   */
  fingerprint: text('fingerprint').notNull(),
  result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** When the chain was last checked from its first commit: older than a day, the next visit has it checked again in the background. */
  fullCheckAt: timestamp('full_check_at', { withTimezone: true, mode: 'date' }).notNull(),
});
