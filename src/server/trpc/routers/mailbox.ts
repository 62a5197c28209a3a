import { z } from 'zod';
import { listMailbox } from '@/server/services/mail/list-mailbox';
import { publicProcedure, router } from '../init';

export const mailboxRouter = router({
  list: publicProcedure
    .input(z.object({ limit: z.number().int().min(1).max(200).optional() }).optional())
    .query(({ ctx, input }) => listMailbox({ ctx: ctx.service, input: input ?? {} })),
});
