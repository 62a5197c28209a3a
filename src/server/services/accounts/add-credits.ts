import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { accounts } from '@/server/db/schema';
import { fail, parseInput } from '@/server/errors';
import type { ServiceContext } from '../context';

const addCreditsInput = z.object({
  accountNumber: z.string().regex(/^\d{7,8}$/, '3.6'),
  amount: z.coerce.number().int('3.17').min(1, '3.29'),
});

/** Operator command: one atomic UPDATE, never read-then-write, so concurrent debits cannot be lost. */
export async function addCredits({ ctx, input }: { ctx: ServiceContext; input: z.input<typeof addCreditsInput> }) {
  const credit = parseInput(addCreditsInput, input);
  const [account] = await ctx.db
    .update(accounts)
    .set({ credits: sql`${accounts.credits} + ${credit.amount}`, updatedAt: ctx.now() })
    .where(eq(accounts.accountNumber, credit.accountNumber))
    .returning({ accountNumber: accounts.accountNumber, credits: accounts.credits });
  if (!account) fail('4.40', 'accountNumber');
  return account;
}
