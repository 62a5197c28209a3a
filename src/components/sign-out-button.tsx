'use client';
import { signOut } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';

interface SignOutButtonProps {
  className?: string;
  /** The button's text; "Sign out" in the reader's language when not given. */
  label?: string;
  /** Where to go afterwards; a same-origin path. */
  next?: string;
}

/**
 * Ends the portal session. `redirect: false` and our own navigation, because next-auth would build the
 * redirect from NEXTAUTH_URL, which a self-hosted instance may not set.
 */
export function SignOutButton({ className = 'button button-secondary', label, next = '/login?signedOut=1' }: SignOutButtonProps) {
  const t = useTranslations('signOut');
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={async () => {
          setPending(true);
          setFailed(false);
          try {
            await signOut({ redirect: false });
            // The tablet's copies and the phone's code kit belong to this person (issues 21, 32): gone at sign-out.
            // Queued tablet writes stay with their account for its next sign-in (issue 31).
            await import('@/lib/offline/device-store').then((offline) => offline.endDeviceSession()).catch(() => undefined);
            window.location.assign(next);
          } catch {
            setFailed(true);
            setPending(false);
          }
        }}
      >
        {pending ? t('pending') : (label ?? t('label'))}
      </button>
      {failed ? (
        <span className="inline-error" role="alert">
          {t('failed')}
        </span>
      ) : null}
    </>
  );
}
