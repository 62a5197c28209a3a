import Link from 'next/link';
import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LoginForm } from '@/components/login-form';
import { DeviceSessionEnded } from '@/components/offline/device-session-ended';
import { renderedAtNow } from '@/lib/offline/rendered-at';
import { safeCallbackUrl } from '@/lib/portal/safe-callback-url';
import { getSessionAccountId } from '@/server/auth/session';
import { pageMetadata } from '@/i18n/metadata';
import { getConfig } from '@/server/config/env';
import { mailboxExists } from '@/server/services/mail/list-mailbox';

export const generateMetadata = () => pageMetadata('login');

type SearchParams = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function LoginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await connection();
  const query = await searchParams;
  const callbackUrl = safeCallbackUrl(first(query.callbackUrl));
  // Already signed in: go straight on (the OAuth flow comes back here with its consent page as callbackUrl).
  if (await getSessionAccountId()) redirect(callbackUrl ?? '/');
  return (
    <div className="narrow">
      <DeviceSessionEnded renderedAt={renderedAtNow()} />
      <h1 id="login-title">{(await getTranslations('login'))('title')}</h1>
      <LoginForm
        callbackUrl={callbackUrl}
        activated={first(query.activated) === '1'}
        signedOut={first(query.signedOut) === '1'}
        initialError={first(query.error)}
        partnerEnvironment={mailboxExists(getConfig())}
      />
      <p>
        <Link href="/forgot-password">{(await getTranslations('portal.forgotPassword'))('link')}</Link>
      </p>
    </div>
  );
}
