import { z } from 'zod';

/** Where a mail of the outbox stands; the table's column (server/db/schema/jobs.ts) takes the same list. */
export const MAIL_STATUSES = ['queued', 'sent', 'kept', 'failed'] as const;

/** One mail of the development mailbox (contract §3), its body opened for its own addressee. */
export const mailboxEntry = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(MAIL_STATUSES),
  createdAt: z.date(),
});
export type MailboxEntry = z.infer<typeof mailboxEntry>;
