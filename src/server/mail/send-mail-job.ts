import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { getAppSecret } from '@/server/crypto/app-secret';
import { mailOutbox } from '@/server/db/schema';
import type { JobContext, JobPayload } from '@/server/jobs/kinds';
import { openMailBody } from './queue-mail';

let transporter: Transporter | undefined;

function transport(smtpUrl: string): Transporter {
  transporter ??= nodemailer.createTransport(smtpUrl);
  return transporter;
}

/**
 * Job `mail.send`: delivers one outbox mail over SMTP; without SMTP_URL the mail is kept in the outbox for
 * /dev/mailbox. A mail already sent is not sent again (jobs run at least once).
 */
export async function sendMail({ mailId }: JobPayload<'mail.send'>, { db, config }: JobContext) {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
  if (!mail || mail.status === 'sent') return;
  if (!config.SMTP_URL) {
    await db.update(mailOutbox).set({ status: 'kept' }).where(eq(mailOutbox.id, mailId));
    return;
  }
  const appSecret = await getAppSecret(db, config);
  await transport(config.SMTP_URL).sendMail({
    from: config.MAIL_FROM,
    to: mail.toAddress,
    subject: mail.subject,
    text: openMailBody(mail.textBody, appSecret),
    ...(mail.htmlBody ? { html: openMailBody(mail.htmlBody, appSecret) } : {}),
  });
  await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, mailId));
}
