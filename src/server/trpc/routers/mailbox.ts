import { z } from 'zod';
import { mailboxEntry } from '@/lib/schemas/mailbox';
import { listMailbox } from '@/server/services/mail/list-mailbox';
import { accountProcedure, router } from '../init';

export const mailboxRouter = router({
  // Signed-in accounts only, and each sees its own mail (contract §3).
  list: accountProcedure
    .input(z.object({ limit: z.number().int().min(1).max(200).optional() }).optional())
    .output(z.array(mailboxEntry))
    .query(({ ctx, input }) => listMailbox({ ctx: ctx.service, input: input ?? {} })),
});
