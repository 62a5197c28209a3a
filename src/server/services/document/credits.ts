import { and, eq, gte, sql } from 'drizzle-orm';
import type { IssueQuoteView } from '@/lib/schemas/account';
import type { DbOrTx } from '@/server/db/client';
import { accounts, serviceNumberCounters } from '@/server/db/schema';
import { fail } from '@/server/errors';
import type { ServiceContext } from '../context';

export type IssueQuote = IssueQuoteView;

/** The one credit rule, for showing it (portal, allowedActions); charging applies it atomically (chargeIssue). */
export async function quoteIssue(ctx: ServiceContext, db: DbOrTx, accountId: string): Promise<IssueQuote> {
  const [account] = await db.select({ credits: accounts.credits, paymentScheme: accounts.paymentScheme }).from(accounts).where(eq(accounts.id, accountId));
  return quoteFor(ctx, account);
}

/** The quote for an account's credit standing already read (with a document: load-state.ts). */
export function quoteFor(ctx: ServiceContext, account: Pick<typeof accounts.$inferSelect, 'credits' | 'paymentScheme'> | undefined): IssueQuote {
  const balance = account?.credits ?? 0;
  if (ctx.config.APP_ENV !== 'production') return { billing: 'FREE', cost: 0, balance, canPay: true, paidBy: 'CALLER' };
  if (account?.paymentScheme === 'POST_PAY') return { billing: 'POST_PAY', cost: 1, balance, canPay: true, paidBy: 'CALLER' };
  return { billing: 'PRE_PAY', cost: 1, balance, canPay: balance >= 1, paidBy: 'CALLER' };
}

/**
 * Issuing costs one credit in production (free in partner; POST_PAY accounts are billed later). One
 * conditional UPDATE: concurrent issues can never overdraw (ARCHITECTURE habits).
 */
export async function chargeIssue(ctx: ServiceContext, db: DbOrTx, accountId: string) {
  if (ctx.config.APP_ENV !== 'production') return;
  const [charged] = await db
    .update(accounts)
    .set({ credits: sql`${accounts.credits} - 1` })
    .where(and(eq(accounts.id, accountId), eq(accounts.paymentScheme, 'PRE_PAY'), gte(accounts.credits, 1)))
    .returning({ credits: accounts.credits });
  if (charged) return;
  const [account] = await db.select({ paymentScheme: accounts.paymentScheme }).from(accounts).where(eq(accounts.id, accountId));
  if (account?.paymentScheme !== 'POST_PAY') fail('4.41');
}

/**
 * The next 12-digit service number. The counter row stays locked until the creating transaction ends, so
 * numbers are unique and gap-free: a rolled-back creation gives its number back.
 */
export async function nextServiceNumber(ctx: ServiceContext, db: DbOrTx): Promise<string> {
  const [row] = await db
    .insert(serviceNumberCounters)
    .values({ environment: ctx.config.APP_ENV, lastValue: 1 })
    .onConflictDoUpdate({ target: serviceNumberCounters.environment, set: { lastValue: sql`${serviceNumberCounters.lastValue} + 1` } })
    .returning({ value: serviceNumberCounters.lastValue });
  return String(row!.value).padStart(12, '0');
}
