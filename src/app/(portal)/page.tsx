import Link from 'next/link';
import { useTranslations } from 'next-intl';

export default function HomePage() {
  const t = useTranslations('home');
  const meta = useTranslations('meta');
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
