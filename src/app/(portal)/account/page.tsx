import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AccountLanguageForm } from '@/components/account-language-form';
import { AccountDelegates } from '@/components/delegation/account-delegates';
import { WebhooksLinkPanel } from '@/components/webhooks/webhooks-link-panel';
import { AccountOverview } from '@/components/account-overview';
import { ChangePasswordForm } from '@/components/change-password-form';
import { SignOutButton } from '@/components/sign-out-button';
import { getSessionAccountId } from '@/server/auth/session';
import { ServiceError } from '@/server/errors';
import { getAccountLocale } from '@/server/services/accounts/get-account-locale';
import { getMyAccount } from '@/server/services/accounts/get-my-account';
import { createServiceContext } from '@/server/services/context';
import { pageMetadata } from '@/i18n/metadata';

export const generateMetadata = () => pageMetadata('account');

export default async function AccountPage() {
  await connection();
  const accountId = await getSessionAccountId();
  if (!accountId) redirect(`/login?callbackUrl=${encodeURIComponent('/account')}`);
  const t = await getTranslations('account');
  const ctx = await createServiceContext({ accountId });
  const loaded = await Promise.all([getMyAccount({ ctx }), getAccountLocale({ ctx })]).catch((error: unknown) => {
    if (error instanceof ServiceError) return null;
    throw error;
  });
  if (!loaded) {
    // A session whose account no longer exists (for example after the database was reset).
    return (
      <div className="narrow">
        <h1>{t('title')}</h1>
        <div className="error-summary" role="alert">
          <h2>{t('sessionInvalidTitle')}</h2>
          <p>{t('sessionInvalidText')}</p>
        </div>
        <SignOutButton />
      </div>
    );
  }
  const [account, locale] = loaded;
  return (
    <div className="narrow">
      <h1>{t('title')}</h1>
      <AccountOverview account={account} />
      <AccountDelegates />
      <WebhooksLinkPanel />
      <section className="panel">
        <AccountLanguageForm locale={locale} />
      </section>
      <section className="panel">
        <ChangePasswordForm />
      </section>
      <section className="panel" aria-labelledby="signout-title">
        <h2 id="signout-title">{t('signOutTitle')}</h2>
        <p>{t('signOutText')}</p>
        <SignOutButton />
      </section>
    </div>
  );
}
