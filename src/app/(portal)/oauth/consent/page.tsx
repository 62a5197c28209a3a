import { connection } from 'next/server';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ConsentForm } from '@/components/consent-form';
import { SignOutButton } from '@/components/sign-out-button';
import { authorizationRequest } from '@/lib/schemas/oauth';
import { isUnsafeText } from '@/lib/text/unsafe-text';
import { getServerSession } from 'next-auth';
import { getAuthOptions } from '@/server/auth/options';
import { createServiceContext } from '@/server/services/context';
import { checkAuthorizationRequest, redirectWith } from '@/server/services/oauth/check-authorization-request';
import { pageMetadata } from '@/i18n/metadata';

export const generateMetadata = () => pageMetadata('consent');

type SearchParams = Record<string, string | string[] | undefined>;

/** The query exactly as received, so that sign-in comes back to this same request. */
function toQuery(params: SearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(key, item);
  }
  return query;
}

export default async function ConsentPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await connection();
  const query = toQuery(await searchParams);
  const session = (await getServerSession(await getAuthOptions())) as { accountId?: string; user?: { name?: string | null; email?: string | null } } | null;
  if (!session?.accountId) redirect(`/login?callbackUrl=${encodeURIComponent(`/oauth/consent?${query.toString()}`)}`);

  const t = await getTranslations('consent');
  // A NUL or an unpaired surrogate (contract §1: 3.17) makes the request malformed before anything looks it up.
  const unsafe = [...query.entries()].some(([key, value]) => isUnsafeText(key) || isUnsafeText(value));
  const parsed = unsafe ? authorizationRequest.safeParse(null) : authorizationRequest.safeParse(Object.fromEntries(query));
  const check = parsed.success
    ? await checkAuthorizationRequest({ ctx: await createServiceContext({ accountId: session.accountId }), input: parsed.data })
    : undefined;

  if (!check || check.kind === 'invalid') {
    return (
      <div className="narrow">
        <h1>{t('invalidTitle')}</h1>
        <div className="error-summary" role="alert">
          {/* The service's reason is for the client's developer (OAuth wording), so it is quoted as it is. */}
          <p>{check ? t('invalidDetail', { message: check.message }) : t('malformed')}</p>
        </div>
        <p>{t('invalidHelp')}</p>
        <p>
          <Link href="/">{t('backHome')}</Link>
        </p>
      </div>
    );
  }
  if (check.kind === 'redirect-error') {
    // The redirect URI is registered for the client, so the client learns about the problem itself.
    redirect(redirectWith(check.redirectUri, { error: check.error, error_description: check.description, state: check.state }, check.fragment));
  }
  if (!parsed.success) return null;

  const who = session.user?.email ?? session.user?.name;
  return (
    <div className="narrow">
      <h1>{t('title')}</h1>
      <section className="panel" aria-labelledby="consent-question">
        <p id="consent-question" className="lead">
          {t.rich('question', { client: check.client.name, strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
        <p>{t('explanation', { client: check.client.name })}</p>
        {who ? (
          <p className="hint">
            {t('signedInAs', { who })}{' '}
            <SignOutButton
              className="link-button"
              label={t('useAnotherAccount')}
              next={`/login?callbackUrl=${encodeURIComponent(`/oauth/consent?${query.toString()}`)}`}
            />
          </p>
        ) : null}
        <ConsentForm request={parsed.data} />
      </section>
    </div>
  );
}
