import { z } from 'zod';

/** One mail of the development mailbox (contract §3), its body opened for its own addressee. */
export const mailboxEntry = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['queued', 'sent', 'kept', 'failed']),
  createdAt: z.date(),
});
export type MailboxEntry = z.infer<typeof mailboxEntry>;
