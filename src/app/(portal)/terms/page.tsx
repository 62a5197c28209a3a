import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

export async function generateMetadata() {
  const meta = await getTranslations('meta');
  return { title: meta('pageTitle', { page: (await getTranslations('portal.terms'))('title') }) };
}

/** The terms a person accepts when signing up (spec §3: acceptTermsAndConditions), as a page of their own. */
export default async function TermsPage() {
  const t = await getTranslations('portal.terms');
  return (
    <div className="narrow">
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <ol>
        <li>{t('service')}</li>
        <li>{t('account')}</li>
        <li>{t('data')}</li>
        <li>{t('credits')}</li>
      </ol>
      <p>
        <Link href="/signup">{t('signUp')}</Link>
      </p>
    </div>
  );
}
