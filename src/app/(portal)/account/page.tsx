import type { Metadata } from 'next';
import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { AccountOverview } from '@/components/account-overview';
import { ChangePasswordForm } from '@/components/change-password-form';
import { SignOutButton } from '@/components/sign-out-button';
import { getSessionAccountId } from '@/server/auth/session';
import { ServiceError } from '@/server/errors';
import { getMyAccount } from '@/server/services/accounts/get-my-account';
import { createServiceContext } from '@/server/services/context';

export const metadata: Metadata = { title: 'My account · Freight Document Service' };

export default async function AccountPage() {
  await connection();
  const accountId = await getSessionAccountId();
  if (!accountId) redirect(`/login?callbackUrl=${encodeURIComponent('/account')}`);
  const account = await getMyAccount({ ctx: await createServiceContext({ accountId }) }).catch((error: unknown) => {
    if (error instanceof ServiceError) return null;
    throw error;
  });
  if (!account) {
    // A session whose account no longer exists (for example after the database was reset).
    return (
      <div className="narrow">
        <h1>My account</h1>
        <div className="error-summary" role="alert">
          <h2>Your session is no longer valid</h2>
          <p>Please sign out and sign in again.</p>
        </div>
        <SignOutButton />
      </div>
    );
  }
  return (
    <div className="narrow">
      <h1>My account</h1>
      <AccountOverview account={account} />
      <section className="panel">
        <ChangePasswordForm />
      </section>
      <section className="panel" aria-labelledby="signout-title">
        <h2 id="signout-title">Sign out</h2>
        <p>End your session on this device.</p>
        <SignOutButton />
      </section>
    </div>
  );
}
