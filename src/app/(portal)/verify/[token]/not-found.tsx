import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

/** An unknown verification token: the portal's own page, answered with 404. */
export default async function VerificationNotFound() {
  const t = await getTranslations('pdf.verify');
  return (
    <div className="narrow">
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundText')}</p>
      <p>
        <Link href="/">{t('home')}</Link>
      </p>
    </div>
  );
}
