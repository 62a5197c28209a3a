'use client';
import Link from 'next/link';
import { signIn } from 'next-auth/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SubmitButton } from './forms/submit-button';

/** Sign-in errors come back from next-auth as text (the catalogue's description); say them plainly. */
function describeSignInError(error: string): string {
  switch (error) {
    case 'CredentialsSignin':
    case 'Invalid user credentials.':
      return 'The e-mail address or account number and password do not match.';
    case 'Too many failed logins; try again later.':
      return 'Too many failed sign-in attempts: sign-in for this account is locked for a while. Try again later.';
    case 'The account is not activated yet.':
      return 'Your account is not activated yet. Open the link in the activation e-mail first.';
    case 'SessionRequired':
      return 'Please sign in to continue.';
    default:
      return 'Sign-in failed. Please try again.';
  }
}

interface LoginFormProps {
  /** Already checked to be a same-origin path by the page. */
  callbackUrl?: string;
  activated: boolean;
  signedOut: boolean;
  /** `?error=` from next-auth's own redirects; only known values are shown. */
  initialError?: string;
}

export function LoginForm({ callbackUrl, activated, signedOut, initialError }: LoginFormProps) {
  const [error, setError] = useState<string | null>(initialError ? describeSignInError(initialError) : null);
  const [pending, setPending] = useState(false);
  const alert = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error) alert.current?.focus();
  }, [error]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (!username || !password) {
      setError(!username ? 'Enter your e-mail address or account number.' : 'Enter your password.');
      return;
    }
    setPending(true);
    setError(null);
    const target = callbackUrl ?? '/account';
    try {
      const result = await signIn('credentials', { redirect: false, username, password, callbackUrl: target });
      if (!result || result.error || !result.ok) {
        setError(describeSignInError(result?.error ?? ''));
        setPending(false);
        return;
      }
      // A full navigation, so that server-rendered pages see the new session cookie.
      window.location.assign(target);
    } catch {
      setError('Sign-in failed: the service could not be reached. Check your connection and try again.');
      setPending(false);
    }
  }

  return (
    <>
      {activated ? (
        <div className="banner banner-success" role="status">
          Your account is activated. You can sign in now.
        </div>
      ) : null}
      {signedOut ? (
        <div className="banner banner-info" role="status">
          You are signed out.
        </div>
      ) : null}
      <form className="form" method="post" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        {error ? (
          <div ref={alert} className="error-summary" role="alert" tabIndex={-1}>
            <h2>Sign-in failed</h2>
            <p>{error}</p>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="login-username">E-mail address or account number</label>
          <input id="login-username" name="username" className="input" type="text" autoComplete="username" required aria-invalid={error ? true : undefined} />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            name="password"
            className="input"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={error ? true : undefined}
          />
        </div>
        <div className="actions">
          <SubmitButton pending={pending} label="Sign in" pendingLabel="Signing in…" />
        </div>
        <p>
          No account yet? <Link href="/signup">Create an account</Link>
        </p>
      </form>
    </>
  );
}
