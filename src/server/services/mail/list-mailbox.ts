import { desc } from 'drizzle-orm';
import { mailOutbox } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { openMailBody } from '@/server/mail/queue-mail';
import type { ServiceContext } from '../context';

/** The development mailbox (partner environment only): the newest mails of the outbox. */
export async function listMailbox({ ctx, input }: { ctx: ServiceContext; input: { limit?: number } }) {
  if (ctx.config.APP_ENV !== 'partner') fail('2.2');
  const rows = await ctx.db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(Math.min(input.limit ?? 50, 200));
  return rows.map((row) => ({ ...row, text: openMailBody(row.text, ctx.appSecret) }));
}
