import { eq } from 'drizzle-orm';
import { accounts } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { toAccountView } from './account-view';

export async function getMyAccount({ ctx }: { ctx: ServiceContext }) {
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(eq(accounts.id, requireAccountId(ctx)));
  if (!account) fail('1.11');
  return toAccountView(ctx, account);
}
