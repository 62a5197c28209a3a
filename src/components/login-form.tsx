'use client';
import Link from 'next/link';
import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SubmitButton } from './forms/submit-button';
import { ActivationHelp } from './activation-help';

type SignInProblem = 'credentials' | 'lockedOut' | 'addressLimited' | 'notActivated' | 'sessionRequired' | 'generic';

/** Sign-in errors come back from next-auth as text (the catalogue's description); say them plainly. */
function signInProblem(error: string): SignInProblem {
  switch (error) {
    case 'CredentialsSignin':
    case 'Invalid user credentials.':
      return 'credentials';
    case 'Too many failed logins; try again later.':
      return 'lockedOut';
    case 'Too many failed sign-ins from this address; try again later.':
      return 'addressLimited';
    case 'The account is not activated yet.':
      return 'notActivated';
    case 'SessionRequired':
      return 'sessionRequired';
    default:
      return 'generic';
  }
}

interface LoginFormProps {
  /** Already checked to be a same-origin path by the page. */
  callbackUrl?: string;
  activated: boolean;
  signedOut: boolean;
  /** `?error=` from next-auth's own redirects; only known values are shown. */
  initialError?: string;
  /** A partner environment without SMTP_URL (contract §3): no activation mail, so say how activation works here. */
  partnerEnvironment?: boolean;
}

export function LoginForm({ callbackUrl, activated, signedOut, initialError, partnerEnvironment = false }: LoginFormProps) {
  const t = useTranslations('login');
  const describeSignInError = (error: string) => {
    const problem = signInProblem(error);
    return t(problem === 'notActivated' && partnerEnvironment ? 'errors.notActivatedPartner' : `errors.${problem}`);
  };
  // The address the person tried, for the activation command of a partner environment without mail.
  const [notActivatedFor, setNotActivatedFor] = useState<string>();
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
      setError(!username ? t('enterUsername') : t('enterPassword'));
      return;
    }
    setPending(true);
    setError(null);
    const target = callbackUrl ?? '/';
    try {
      const result = await signIn('credentials', { redirect: false, username, password, callbackUrl: target });
      if (!result || result.error || !result.ok) {
        setError(describeSignInError(result?.error ?? ''));
        setNotActivatedFor(signInProblem(result?.error ?? '') === 'notActivated' ? username : undefined);
        setPending(false);
        return;
      }
      // A full navigation, so that server-rendered pages see the new session cookie.
      window.location.assign(target);
    } catch {
      setError(t('unreachable'));
      setPending(false);
    }
  }

  return (
    <>
      {activated ? (
        <div className="banner banner-success" role="status">
          {t('activated')}
        </div>
      ) : null}
      {signedOut ? (
        <div className="banner banner-info" role="status">
          {t('signedOut')}
        </div>
      ) : null}
      <form className="form" method="post" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        {error ? (
          <div ref={alert} className="error-summary" role="alert" tabIndex={-1}>
            <h2>{t('failedTitle')}</h2>
            <p>{error}</p>
            {partnerEnvironment && notActivatedFor ? <ActivationHelp email={notActivatedFor} /> : null}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="login-username">{t('username')}</label>
          <input id="login-username" name="username" className="input" type="text" autoComplete="username" required aria-invalid={error ? true : undefined} />
        </div>
        <div className="field">
          <label htmlFor="login-password">{t('password')}</label>
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
          <SubmitButton pending={pending} label={t('submit')} pendingLabel={t('pending')} />
        </div>
        <p>{t.rich('noAccount', { link: (chunks) => <Link href="/signup">{chunks}</Link> })}</p>
      </form>
    </>
  );
}
