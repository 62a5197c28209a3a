import { inArray } from 'drizzle-orm';
import { publicUrl } from '@/server/config/env';
import type { DbOrTx } from '@/server/db/client';
import { accounts } from '@/server/db/schema';
import { queueMail } from '@/server/mail/queue-mail';
import { namedInDocumentMail } from '@/server/mail/templates';
import type { ServiceContext } from '../context';

interface Holder {
  role: string;
  accountId: string | null;
  email: string | null;
}

/**
 * One e-mail per person named on the document (spec §1, §6.7), listing all their roles; pending holders
 * (e-mail only) are also told that they can create an account. Queued in the caller's transaction.
 */
export async function notifyRoleHolders(
  ctx: ServiceContext,
  db: DbOrTx,
  input: { documentId: string; serviceNumber: string; submitterName: string; holders: Holder[] },
) {
  const holders = input.holders.filter((holder) => holder.role !== 'SUBMITTER' && (holder.accountId || holder.email));
  const accountIds = [...new Set(holders.map((holder) => holder.accountId).filter((id): id is string => !!id))];
  const emails = new Map(
    accountIds.length
      ? (await db.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.id, accountIds))).map((row) => [row.id, row.email])
      : [],
  );
  const byRecipient = new Map<string, { roles: Set<string>; hasAccount: boolean }>();
  for (const holder of holders) {
    const address = holder.accountId ? emails.get(holder.accountId) : holder.email;
    if (!address) continue;
    const key = address.toLowerCase();
    const entry = byRecipient.get(key) ?? { roles: new Set<string>(), hasAccount: !!holder.accountId };
    entry.roles.add(holder.role);
    byRecipient.set(key, entry);
  }
  const base = publicUrl(ctx.config);
  for (const [to, entry] of byRecipient) {
    await queueMail(
      db,
      ctx.appSecret,
      namedInDocumentMail({
        to,
        roles: [...entry.roles],
        serviceNumber: input.serviceNumber,
        submitterName: input.submitterName,
        documentUrl: `${base}/documents/${input.documentId}`,
        signupUrl: entry.hasAccount ? undefined : `${base}/signup?email=${encodeURIComponent(to)}`,
      }),
    );
  }
}
