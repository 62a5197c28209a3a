'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';

/**
 * The header's name of the service. The tablet layout also serves the counter party's own phone (`/respond`, the
 * response code): there it must not say "on the tablet", must fit one line of a 390 px phone, and links nowhere (the
 * driver's list of transfers is not theirs).
 */
export function TabletBrand() {
  const t = useTranslations('tablet.header');
  const meta = useTranslations('meta');
  const onPhone = usePathname()?.startsWith('/respond') ?? false;
  if (onPhone) return <span className="brand">{t('phoneBrand', { service: meta('serviceName') })}</span>;
  return (
    <Link href="/tablet" className="brand">
      {t('brand', { service: meta('serviceName') })}
    </Link>
  );
}
