import type { AccountView } from '@/lib/schemas/account';
import type { accounts } from '@/server/db/schema';
import type { ServiceContext } from '../context';

/** The account as `users/me` and the portal show it. */
export function toAccountView(ctx: ServiceContext, account: typeof accounts.$inferSelect): AccountView {
  return {
    accountId: account.id,
    accountNumber: account.accountNumber,
    name: account.name,
    email: account.email,
    phoneNumber: account.phoneNumber,
    companyName: account.companyName,
    credits: account.credits,
    paymentScheme: account.paymentScheme,
    environment: ctx.config.APP_ENV,
  };
}
