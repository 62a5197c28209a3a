import { eq } from 'drizzle-orm';
import { publicUrl } from '@/server/config/env';
import type { DbOrTx } from '@/server/db/client';
import { accounts } from '@/server/db/schema';
import { queueMail } from '@/server/mail/queue-mail';
import { delegatedToYouMail } from '@/server/mail/templates';
import type { ServiceContext } from '../context';

/** Tells the delegatee (spec §1) in the transaction of the delegation: the mail exists exactly when the delegation does. */
export async function notifyDelegatee(
  ctx: ServiceContext,
  db: DbOrTx,
  input: { grantorAccountId: string; delegateeEmail: string; role: string; document?: { id: string; serviceNumber: string } },
) {
  const [grantor] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, input.grantorAccountId));
  const base = publicUrl(ctx.config);
  await queueMail(
    db,
    ctx.appSecret,
    delegatedToYouMail({
      to: input.delegateeEmail,
      grantorName: grantor?.name ?? 'An account holder',
      role: input.role,
      document: input.document ? { serviceNumber: input.document.serviceNumber, url: `${base}/documents/${input.document.id}` } : undefined,
      portalUrl: `${base}/documents`,
    }),
  );
}
