import { inArray } from 'drizzle-orm';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { publicUrl } from '@/server/config/env';
import type { DbOrTx } from '@/server/db/client';
import { accounts } from '@/server/db/schema';
import { queueMail } from '@/server/mail/queue-mail';
import { delegatedToYouMail } from '@/server/mail/templates';
import type { ServiceContext } from '../context';

/**
 * Tells the delegatee (spec §1) in the transaction of the delegation: the mail exists exactly when the delegation does.
 * The mail is in the delegatee's language.
 */
export async function notifyDelegatee(
  ctx: ServiceContext,
  db: DbOrTx,
  input: { grantorAccountId: string; delegateeAccountId: string; delegateeEmail: string; role: string; document?: { id: string; serviceNumber: string } },
) {
  const rows = await db
    .select({ id: accounts.id, name: accounts.name, locale: accounts.locale })
    .from(accounts)
    .where(inArray(accounts.id, [input.grantorAccountId, input.delegateeAccountId]));
  const grantor = rows.find((row) => row.id === input.grantorAccountId);
  const delegatee = rows.find((row) => row.id === input.delegateeAccountId);
  const base = publicUrl(ctx.config);
  await queueMail(
    db,
    ctx.appSecret,
    delegatedToYouMail({
      locale: delegatee?.locale ?? DEFAULT_LOCALE,
      to: input.delegateeEmail,
      grantorName: grantor?.name,
      role: input.role,
      document: input.document ? { serviceNumber: input.document.serviceNumber, url: `${base}/documents/${input.document.id}` } : undefined,
      portalUrl: `${base}/documents`,
    }),
  );
}
