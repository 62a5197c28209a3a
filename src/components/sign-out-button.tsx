'use client';
import { signOut } from 'next-auth/react';
import { useState } from 'react';

interface SignOutButtonProps {
  className?: string;
  label?: string;
  /** Where to go afterwards; a same-origin path. */
  next?: string;
}

/**
 * Ends the portal session. `redirect: false` and our own navigation, because next-auth would build the
 * redirect from NEXTAUTH_URL, which a self-hosted instance may not set.
 */
export function SignOutButton({ className = 'button button-secondary', label = 'Sign out', next = '/login?signedOut=1' }: SignOutButtonProps) {
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
            window.location.assign(next);
          } catch {
            setFailed(true);
            setPending(false);
          }
        }}
      >
        {pending ? 'Signing out…' : label}
      </button>
      {failed ? (
        <span className="inline-error" role="alert">
          Sign-out failed; try again.
        </span>
      ) : null}
    </>
  );
}
