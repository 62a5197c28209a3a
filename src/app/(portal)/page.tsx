import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Dashboard } from '@/components/portal/dashboard';
import { getSessionAccountId } from '@/server/auth/session';

export default async function HomePage() {
  // Signed in, home is the dashboard (issue 12); otherwise what the service is and the way in.
  if (await getSessionAccountId()) return <Dashboard />;
  const t = await getTranslations('home');
  const meta = await getTranslations('meta');
  return (
    <>
      <h1>{meta('serviceName')}</h1>
      <p>{t('intro')}</p>
      <p>
        <Link href="/login">{t('signIn')}</Link> · <Link href="/signup">{t('createAccount')}</Link> · <Link href="/documents">{t('myDocuments')}</Link> ·{' '}
        <Link href="/account">{t('myAccount')}</Link>
      </p>
    </>
  );
}
