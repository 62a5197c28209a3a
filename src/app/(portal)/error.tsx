'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';

/** An unexpected failure while showing a page: said plainly, with a retry and a way back (no stack, no codes). */
export default function PortalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('portal.error');
  return (
    <div className="narrow">
      <h1>{t('title')}</h1>
      <p>{t('text')}</p>
      <div className="actions">
        <button type="button" className="button button-primary" onClick={reset}>
          {t('retry')}
        </button>
        <Link href="/">{t('home')}</Link>
      </div>
    </div>
  );
}
