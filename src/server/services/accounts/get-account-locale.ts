import { eq } from 'drizzle-orm';
import { accounts } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';

/** The caller's preferred language (portal only: the REST account view has no such field). */
export async function getAccountLocale({ ctx }: { ctx: ServiceContext }) {
  const [account] = await ctx.db
    .select({ locale: accounts.locale })
    .from(accounts)
    .where(eq(accounts.id, requireAccountId(ctx)));
  if (!account) fail('1.11');
  return account.locale;
}
