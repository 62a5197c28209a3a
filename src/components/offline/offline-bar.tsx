'use client';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useDevice, waitingCount } from './device-provider';
import { OutboxSender } from './outbox-sender';
import { RefusalAlert } from './refusal-alert';
import { useOnline } from './use-online';

/**
 * Under the tablet's header on every screen (issues 21, 31): says that the tablet is offline and that changes are
 * kept, asks for a new sign-in when the session ended with changes waiting (they are sent after it), says that another
 * account's changes wait on this device (a count, never their content), runs the outbox and shows a refusal of a
 * queued item full screen on whatever screen is open.
 */
export function OfflineBar() {
  const t = useTranslations('offline');
  const online = useOnline();
  const pathname = usePathname();
  const { needsSignIn, othersWaiting, accountId, waitingForSignIn } = useDevice();
  return (
    <>
      {accountId ? <OutboxSender /> : null}
      <RefusalAlert />
      <div role="status" aria-live="polite" className="offline-bar-region">
        {!online ? (
          <p className="offline-banner" data-testid="offline-banner">
            {t('banner')}
          </p>
        ) : null}
        {online && needsSignIn ? (
          <p className="offline-banner offline-sign-in" data-testid="sign-in-again">
            {t('signIn', { count: waitingForSignIn })}{' '}
            <a className="button button-primary" href={`/login?callbackUrl=${encodeURIComponent(pathname ?? '/tablet')}`}>
              {t('signInLink')}
            </a>
          </p>
        ) : null}
        {othersWaiting > 0 && !needsSignIn ? (
          <p className="offline-note" data-testid="others-waiting">
            {t('othersWaiting', { count: othersWaiting })}
          </p>
        ) : null}
      </div>
    </>
  );
}

/** The header's count of the signed-in account's changes waiting to be sent. */
export function OutboxBadge() {
  const t = useTranslations('offline');
  const waiting = waitingCount(useDevice().entries);
  if (waiting === 0) return null;
  return (
    <span className="outbox-badge" data-testid="outbox-badge" data-count={waiting} aria-label={t('badgeLabel', { count: waiting })} role="status">
      {t('badge', { count: waiting })}
    </span>
  );
}
