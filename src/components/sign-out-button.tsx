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
            // The tablet's local copy and the phone's code key belong to this person (issue 21): gone at sign-out.
            await import('@/lib/offline/db').then((offline) => offline.forgetAccountData()).catch(() => undefined);
            await signOut({ redirect: false });
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
