import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ResetPasswordForm } from '@/components/portal/reset-password-form';

export async function generateMetadata() {
  const meta = await getTranslations('meta');
  return { title: meta('pageTitle', { page: (await getTranslations('portal.resetPassword'))('title') }) };
}

type SearchParams = Record<string, string | string[] | undefined>;

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const token = typeof query.token === 'string' ? query.token : '';
  const t = await getTranslations('portal.resetPassword');
  return (
    <div className="narrow">
      <h1 id="reset-title">{t('title')}</h1>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p>
          {t('missingToken')} <Link href="/forgot-password">{t('askAgain')}</Link>
        </p>
      )}
    </div>
  );
}
