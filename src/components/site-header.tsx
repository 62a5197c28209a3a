import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { LanguageSwitch } from './language-switch';
import { SignOutButton } from './sign-out-button';

/**
 * The portal's header: skip link, service name, the few places a person goes, and the language.
 * `mailbox`: the development mailbox exists (partner environment without SMTP); shown to signed-in people only.
 */
export function SiteHeader({ signedIn, partnerEnvironment, mailbox }: { signedIn: boolean; partnerEnvironment: boolean; mailbox: boolean }) {
  const t = useTranslations('header');
  const meta = useTranslations('meta');
  const delegation = useTranslations('delegation.nav');
  const portal = useTranslations('portal.nav');
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <div className="site-header-inner">
        <Link href="/" className="brand">
          {meta('serviceName')}
        </Link>
        {partnerEnvironment ? <span className="env-badge">{t('partnerEnvironment')}</span> : null}
        <div className="site-header-end">
          <nav aria-label={t('mainNavigation')}>
            <ul className="nav-list">
              <li>
                <Link href="/">{t('home')}</Link>
              </li>
              {mailbox && signedIn ? (
                <li>
                  <Link href="/dev/mailbox">{t('mailbox')}</Link>
                </li>
              ) : null}
              {signedIn ? (
                <>
                  <li>
                    <Link href="/documents">{t('documents')}</Link>
                  </li>
                  <li>
                    <Link href="/webhooks">{delegation('webhooks')}</Link>
                  </li>
                  <li>
                    <Link href="/address-book">{portal('addressBook')}</Link>
                  </li>
                  <li>
                    <Link href="/account">{t('account')}</Link>
                  </li>
                  <li>
                    <Link href="/docs/api">{portal('apiReference')}</Link>
                  </li>
                  <li>
                    <SignOutButton className="link-button" />
                  </li>
                </>
              ) : (
                <>
                  <li>
                    <Link href="/docs/api">{portal('apiReference')}</Link>
                  </li>
                  <li>
                    <Link href="/signup">{t('createAccount')}</Link>
                  </li>
                  <li>
                    <Link href="/login">{t('signIn')}</Link>
                  </li>
                </>
              )}
            </ul>
          </nav>
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
