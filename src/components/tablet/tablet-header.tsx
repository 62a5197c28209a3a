import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { LanguageSwitch } from '@/components/language-switch';
import { OutboxBadge } from '@/components/offline/offline-bar';
import { TabletSignOut } from '@/components/offline/tablet-sign-out';
import { TabletBrand } from '@/components/tablet/tablet-brand';

/** The tablet's header: few, large links (a driver in the cab, gloves on). */
export function TabletHeader({ signedIn, partnerEnvironment }: { signedIn: boolean; partnerEnvironment: boolean }) {
  const t = useTranslations('tablet.header');
  const header = useTranslations('header');
  return (
    <header className="site-header tablet-header">
      <a className="skip-link" href="#main">
        {header('skipToContent')}
      </a>
      <div className="site-header-inner">
        <TabletBrand />
        {signedIn ? <OutboxBadge /> : null}
        {partnerEnvironment ? <span className="env-badge">{header('partnerEnvironment')}</span> : null}
        <div className="site-header-end">
          {signedIn ? (
            <nav aria-label={t('navigation')}>
              <ul className="nav-list tablet-nav">
                <li>
                  <Link href="/tablet">{t('myTransfers')}</Link>
                </li>
                <li>
                  <Link href="/respond">{t('respond')}</Link>
                </li>
                <li>
                  <Link href="/documents">{t('portal')}</Link>
                </li>
                <li>
                  <TabletSignOut />
                </li>
              </ul>
            </nav>
          ) : null}
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
