import type { DbOrTx } from '@/server/db/client';
import { mailOutbox } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { enqueueJob } from '@/server/jobs/queue';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export const SEND_MAIL_JOB = 'mail.send';

/** Writes the mail to the outbox and queues its delivery in the same transaction as the change behind it. */
export async function queueMail(db: DbOrTx, mail: OutgoingMail): Promise<string> {
  const id = newId();
  await db.insert(mailOutbox).values({ id, toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html });
  await enqueueJob(db, SEND_MAIL_JOB, { mailId: id }, { maxAttempts: 5 });
  return id;
}
