import { inArray } from 'drizzle-orm';
import { publicUrl } from '@/server/config/env';
import type { DbOrTx } from '@/server/db/client';
import { accounts } from '@/server/db/schema';
import { runWrites } from '@/server/db/batched-writes';
import { legalEventMail } from '@/server/mail/templates';
import type { ServiceContext } from '../context';
import { allowedDocumentMails, mailSenderOf } from '../mail/document-mail-policy';
import type { LoadedDocument } from '../document/load-document';

/**
 * E-mails the holders of `roleIds` about a legal event (contract §14), each once and in its language, queued in
 * the change's transaction, by the mail rules of contract §1. Pending holders (e-mail only) are skipped: they have no account to act with yet.
 */
export async function notifyOfLegalEvent(
  ctx: ServiceContext,
  db: DbOrTx,
  loaded: Pick<LoadedDocument, 'document' | 'roles'>,
  input: { event: Parameters<typeof legalEventMail>[0]['event']; roleIds?: string[]; accountIds?: string[]; role?: string },
) {
  const ids = new Set(input.accountIds ?? []);
  for (const role of loaded.roles) if (input.roleIds?.includes(role.id) && role.accountId) ids.add(role.accountId);
  if (ids.size === 0) return;
  const recipients = await db
    .select({ email: accounts.email, locale: accounts.locale })
    .from(accounts)
    .where(inArray(accounts.id, [...ids]));
  const documentUrl = `${publicUrl(ctx.config)}/documents/${loaded.document.id}`;
  const causedBy = ctx.caller?.accountId ?? null;
  // Contract §1: each mail names its sender (by its party name and account number; recipients here hold accounts).
  const sender = causedBy ? await mailSenderOf(db, causedBy, loaded.roles) : undefined;
  const mails = recipients.map((recipient) => ({
    hasAccount: true,
    mail: legalEventMail({
      locale: recipient.locale,
      to: recipient.email,
      event: input.event,
      role: input.role,
      serviceNumber: loaded.document.serviceNumber,
      documentUrl,
      sender,
    }),
  }));
  // Contract §1 (issue 32: 30 impediments mailed the counter parties 30 times in 1.8 s): once an hour per address,
  // document and kind of event.
  await runWrites(db, await allowedDocumentMails(ctx, db, { documentId: loaded.document.id, kind: input.event, causedBy, mails }));
}
