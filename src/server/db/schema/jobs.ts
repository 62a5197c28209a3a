import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { MAIL_STATUSES } from '@/lib/schemas/mailbox';

/**
 * The database-backed job queue (e-mail now, webhooks later). Workers claim rows with
 * `FOR UPDATE SKIP LOCKED`, so any number of instances on one PostgreSQL never run a job twice.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Jobs of one lane (a webhook subscription) run one at a time, on every instance (issue 20): see job_lanes. */
    lane: text('lane'),
    /** Lanes of one group (a webhook subscription's account) run at most a few at once (WEBHOOK_CONCURRENCY_PER_ACCOUNT). */
    laneGroup: text('lane_group'),
  },
  (table) => [
    index('jobs_pending_idx')
      .on(table.runAt)
      .where(sql`completed_at is null and failed_at is null`),
    // A lane's earliest due job, looked up for every due job a claim reads (issue 32: two accounts' 1,000 deliveries
    // made that a scan of the queue per due job, quadratic in the backlog).
    index('jobs_pending_lane_idx')
      .on(table.lane, table.runAt, table.id)
      .where(sql`completed_at is null and failed_at is null and lane is not null`),
  ],
);

/**
 * The lanes busy now: one row per lane whose job is running, held until `locked_until` (the job's lease) or until
 * the job ends. Taking a lane is an `INSERT … ON CONFLICT DO UPDATE … WHERE locked_until < now()`, which waits
 * for a racing claim of the same lane and then sees it, so two workers never run one lane's jobs side by side.
 */
export const jobLanes = pgTable('job_lanes', {
  lane: text('lane').primaryKey(),
  jobId: bigint('job_id', { mode: 'number' }).notNull(),
  laneGroup: text('lane_group'),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Every e-mail the service writes. Without SMTP_URL it stays here ("kept") and /dev/mailbox shows it.
 * Bodies are sealed under APP_SECRET (they carry activation links): see mail/queue-mail.ts.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt)],
);

/** Values generated once per installation and shared by all instances (e.g. the default APP_SECRET). */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
