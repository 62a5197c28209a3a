import { sql } from 'drizzle-orm';
import type { SignUpInput } from '@/lib/schemas/account';
import { publicUrl } from '@/server/config/env';
import { accounts } from '@/server/db/schema';
import { alreadyRegisteredMail } from '@/server/mail/already-registered-template';
import { queueMail } from '@/server/mail/queue-mail';
import type { ServiceContext } from '../context';
import { registerAccount } from './create-account';

/**
 * The portal's sign-up (tRPC `account.signUp`, no client system; limited per client address): it answers the same
 * whether or not the address has an account, so it cannot be used to find out who is registered (issue 20: it said
 * `3.5`). Both paths hash the password, run one transaction and queue one mail, so they take alike long too. The
 * owner of a taken address gets a notice with their account number and the sign-in and reset links, written from
 * their own account (never the text sent with the request).
 */
export async function signUpFromPortal({ ctx, input }: { ctx: ServiceContext; input: SignUpInput }): Promise<{ sent: true }> {
  await registerAccount(ctx, input, async (tx, email) => {
    const [owner] = await tx
      .select({ email: accounts.email, name: accounts.name, locale: accounts.locale, accountNumber: accounts.accountNumber })
      .from(accounts)
      .where(sql`lower(${accounts.email}) = lower(${email})`);
    if (!owner) return;
    const base = publicUrl(ctx.config);
    await queueMail(
      tx,
      ctx.appSecret,
      alreadyRegisteredMail({
        locale: owner.locale,
        to: owner.email,
        name: owner.name,
        accountNumber: owner.accountNumber,
        signInUrl: `${base}/login`,
        resetUrl: `${base}/forgot-password`,
      }),
    );
  });
  return { sent: true };
}
