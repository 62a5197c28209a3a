import type { DbOrTx } from '@/server/db/client';
import { mailOutbox } from '@/server/db/schema';
import { open, seal } from '@/server/crypto/secret-box';
import { newId } from '@/server/crypto/tokens';
import { enqueueStatement } from '@/server/jobs/queue';
import { runWrites, type BatchedWrite } from '@/server/db/batched-writes';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Mail bodies carry one-time links (activation tokens) that the database otherwise keeps only as hashes,
 * so the outbox stores them sealed under APP_SECRET and opens them only to send or show them.
 */
const MAIL_BODY_PURPOSE = 'mail-body';

export function sealMailBody(body: string, appSecret: string): string {
  return seal(body, appSecret, MAIL_BODY_PURPOSE);
}

export function openMailBody(sealed: string, appSecret: string): string {
  return open(sealed, appSecret, MAIL_BODY_PURPOSE);
}

/** Writes the mail to the outbox and queues its delivery in the same transaction as the change behind it (one round trip). */
export async function queueMail(db: DbOrTx, appSecret: string, mail: OutgoingMail): Promise<string> {
  const { id, writes } = mailWrites(db, appSecret, mail);
  await runWrites(db, writes);
  return id;
}

/** The outbox row and its delivery job as writes, for a caller that sends them with its own statement (batchWrites). */
export function mailWrites(db: DbOrTx, appSecret: string, mail: OutgoingMail): { id: string; writes: BatchedWrite[] } {
  const id = newId();
  const row = {
    id,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: sealMailBody(mail.text, appSecret),
    htmlBody: mail.html === undefined ? undefined : sealMailBody(mail.html, appSecret),
  };
  return { id, writes: [db.insert(mailOutbox).values(row), enqueueStatement('mail.send', { mailId: id })] };
}
