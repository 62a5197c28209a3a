import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { SiteHeader } from '@/components/site-header';
import { getSessionAccountId } from '@/server/auth/session';
import { getConfig } from '@/server/config/env';
import { mailboxExists } from '@/server/services/mail/list-mailbox';

export async function generateMetadata() {
  const meta = await getTranslations('meta');
  const t = await getTranslations('portal.notFound');
  return { title: meta('pageTitle', { page: t('title') }) };
}

/** Any unknown address: the portal's own page with its header and a way back, not a bare white 404. */
export default async function NotFound() {
  const signedIn = Boolean(await getSessionAccountId());
  const t = await getTranslations('portal.notFound');
  return (
    <>
      <SiteHeader signedIn={signedIn} partnerEnvironment={getConfig().APP_ENV === 'partner'} mailbox={mailboxExists(getConfig())} />
      <main id="main" className="page" tabIndex={-1}>
        <div className="narrow">
          <p className="error-code" aria-hidden="true">
            404
          </p>
          <h1>{t('title')}</h1>
          <p>{t('text')}</p>
          <ul className="plain-list">
            <li>
              <Link href="/">{signedIn ? t('dashboard') : t('home')}</Link>
            </li>
            {signedIn ? (
              <li>
                <Link href="/documents">{t('documents')}</Link>
              </li>
            ) : null}
          </ul>
        </div>
      </main>
    </>
  );
}
