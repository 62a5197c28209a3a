import { eq } from 'drizzle-orm';
import { changeLocaleInput, type ChangeLocaleInput } from '@/lib/schemas/account';
import { accounts } from '@/server/db/schema';
import { parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';

/** Sets the language the service writes the caller's e-mails in. */
export async function changeAccountLocale({ ctx, input }: { ctx: ServiceContext; input: ChangeLocaleInput }) {
  const { locale } = parseInput(changeLocaleInput, input);
  await ctx.db
    .update(accounts)
    .set({ locale, updatedAt: ctx.now() })
    .where(eq(accounts.id, requireAccountId(ctx)));
  return { locale };
}
