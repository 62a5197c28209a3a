'use client';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { isWaiting, outbox } from './outbox-store';
import { OutboxSender } from './outbox-sender';
import { useOnline } from './use-online';

/**
 * Under the tablet's header on every screen (issue 21): says that the tablet is offline and that changes are kept,
 * asks for a new sign-in when the session ended with changes waiting (they are sent after it), and runs the outbox.
 */
export function OfflineBar() {
  const t = useTranslations('offline');
  const online = useOnline();
  const pathname = usePathname();
  const entries = useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.serverSnapshot);
  const needsSignIn = useSyncExternalStore(outbox.subscribe, outbox.needsSignIn, () => false);
  const waiting = entries.filter(isWaiting).length;
  return (
    <>
      <OutboxSender />
      <div role="status" aria-live="polite" className="offline-bar-region">
        {!online ? (
          <p className="offline-banner" data-testid="offline-banner">
            {t('banner')}
          </p>
        ) : null}
        {online && needsSignIn ? (
          <p className="offline-banner offline-sign-in" data-testid="sign-in-again">
            {t('signIn', { count: waiting })}{' '}
            <a className="button button-primary" href={`/login?callbackUrl=${encodeURIComponent(pathname ?? '/tablet')}`}>
              {t('signInLink')}
            </a>
          </p>
        ) : null}
      </div>
    </>
  );
}

/** The header's count of changes waiting to be sent. */
export function OutboxBadge() {
  const t = useTranslations('offline');
  const entries = useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.serverSnapshot);
  const waiting = entries.filter(isWaiting).length;
  if (waiting === 0) return null;
  return (
    <span className="outbox-badge" data-testid="outbox-badge" data-count={waiting} aria-label={t('badgeLabel', { count: waiting })} role="status">
      {t('badge', { count: waiting })}
    </span>
  );
}
