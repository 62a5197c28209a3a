import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '@/server/config/env';
import { getAppSecret } from '@/server/crypto/app-secret';
import type { Database } from '@/server/db/client';
import { mailOutbox } from '@/server/db/schema';
import type { JobHandler } from '@/server/jobs/worker';
import { openMailBody } from './queue-mail';

let transporter: Transporter | undefined;

function transport(smtpUrl: string): Transporter {
  transporter ??= nodemailer.createTransport(smtpUrl);
  return transporter;
}

/** Delivers one outbox mail over SMTP; without SMTP_URL the mail is kept in the outbox for /dev/mailbox. */
export function sendMailJob(config: AppConfig): JobHandler {
  return async (job, db: Database) => {
    const mailId = String(job.payload.mailId);
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
  };
}
