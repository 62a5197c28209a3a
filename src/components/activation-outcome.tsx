import Link from 'next/link';

interface Outcome {
  title: string;
  text: string;
  /** Already activated is good news, the rest are problems. */
  tone: 'success' | 'error';
}

/** What each activation error code (contract §3) means for the person who clicked the link. */
const OUTCOMES: Record<string, Outcome> = {
  '4.35': {
    title: 'This activation link is not valid',
    text: 'The link is incomplete or damaged. Open it again from the activation e-mail, or copy the whole link into the address bar.',
    tone: 'error',
  },
  '4.37': {
    title: 'This activation link has expired',
    text: 'Activation links are valid for 72 hours. Please contact support to have your account activated.',
    tone: 'error',
  },
  '4.38': {
    title: 'We do not know this activation link',
    text: 'No account is waiting for this link. Check that you opened the link from the most recent activation e-mail, or create an account first.',
    tone: 'error',
  },
  '4.39': {
    title: 'Your account is already activated',
    text: 'This link has been used before, so there is nothing more to do: you can sign in.',
    tone: 'success',
  },
};

const UNKNOWN: Outcome = {
  title: 'Account activation',
  text: 'To activate your account, open the link in the activation e-mail we sent after you signed up.',
  tone: 'success',
};

export function ActivationOutcome({ code }: { code?: string }) {
  const outcome = (code && OUTCOMES[code]) || (code ? { ...UNKNOWN, title: 'The account could not be activated', tone: 'error' as const } : UNKNOWN);
  return (
    <>
      <h1>{outcome.title}</h1>
      <div className={outcome.tone === 'error' ? 'error-summary' : 'banner banner-info'} role={outcome.tone === 'error' ? 'alert' : 'status'}>
        <p>{outcome.text}</p>
        {code && OUTCOMES[code] ? <p className="hint">Error code {code}</p> : null}
      </div>
      <p>
        <Link href="/login" className="button button-primary">
          Go to sign-in
        </Link>
      </p>
      <p>
        No account yet? <Link href="/signup">Create an account</Link>
      </p>
    </>
  );
}
