import { and, desc, eq, sql } from 'drizzle-orm';
import { accounts, mailOutbox } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { openMailBody } from '@/server/mail/queue-mail';
import type { AppConfig } from '@/server/config/env';
import { requireAccountId, type ServiceContext } from '../context';

/** Contract §3: the mailbox exists only in the partner environment, and only while mail is not really sent. */
export function mailboxExists(config: AppConfig): boolean {
  return config.APP_ENV === 'partner' && !config.SMTP_URL;
}

/**
 * The development mailbox (contract §3): the newest mails the outbox kept for the signed-in account's own
 * address, and nobody else's. An activation link therefore proves control of the address, as it does where
 * mail really goes out: the account of an address that is not yet active cannot sign in to read it.
 */
export async function listMailbox({ ctx, input }: { ctx: ServiceContext; input: { limit?: number } }) {
  if (!mailboxExists(ctx.config)) fail('2.2');
  const accountId = requireAccountId(ctx);
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
    .innerJoin(accounts, and(eq(accounts.id, accountId), sql`lower(${mailOutbox.toAddress}) = lower(${accounts.email})`))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(Math.min(input.limit ?? 50, 200));
  return rows.map((row) => ({ ...row, text: openMailBody(row.text, ctx.appSecret) }));
}
