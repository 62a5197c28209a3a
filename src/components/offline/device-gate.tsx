'use client';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useDevice } from './device-provider';

/**
 * The screens show only while the device works for an account. A page the service worker kept from before a sign-out
 * (or a 401) opens to "signed out on this tablet" instead: nothing of the previous account is read. A page the server
 * has just rendered without a session is let through: its screen is only the redirect to sign-in (a link from a mail
 * to `/respond` lands on the sign-in form, and back), and the service worker never keeps such a page.
 */
export function DeviceGate({ children }: { children: ReactNode }) {
  const t = useTranslations('offline');
  const pathname = usePathname();
  const { accountId, renderedSignedOut } = useDevice();
  if (renderedSignedOut) return <>{children}</>;
  if (accountId === undefined) {
    return (
      <p role="status" className="loading">
        <span className="spinner" aria-hidden="true" /> {t('opening')}
      </p>
    );
  }
  if (accountId === null) {
    return (
      <section className="panel tablet-panel" aria-labelledby="signed-out-title" data-testid="signed-out-here">
        <h1 id="signed-out-title">{t('signedOutTitle')}</h1>
        <p>{t('signedOutText')}</p>
        <p>
          <a className="button button-primary button-large" href={`/login?callbackUrl=${encodeURIComponent(pathname ?? '/tablet')}`}>
            {t('signInLink')}
          </a>
        </p>
      </section>
    );
  }
  return <>{children}</>;
}
