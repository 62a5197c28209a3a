import type { Metadata } from 'next';
import { connection } from 'next/server';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ConsentForm } from '@/components/consent-form';
import { SignOutButton } from '@/components/sign-out-button';
import { authorizationRequest } from '@/lib/schemas/oauth';
import { isUnsafeText } from '@/lib/text/unsafe-text';
import { getServerSession } from 'next-auth';
import { getAuthOptions } from '@/server/auth/options';
import { createServiceContext } from '@/server/services/context';
import { checkAuthorizationRequest, redirectWith } from '@/server/services/oauth/check-authorization-request';

export const metadata: Metadata = { title: 'Allow access? · Freight Document Service' };

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

  // A NUL or an unpaired surrogate (contract §1: 3.17) makes the request malformed before anything looks it up.
  const unsafe = [...query.entries()].some(([key, value]) => isUnsafeText(key) || isUnsafeText(value));
  const parsed = unsafe ? authorizationRequest.safeParse(null) : authorizationRequest.safeParse(Object.fromEntries(query));
  const check = parsed.success
    ? await checkAuthorizationRequest({ ctx: await createServiceContext({ accountId: session.accountId }), input: parsed.data })
    : ({ kind: 'invalid', message: 'The request is malformed.' } as const);

  if (check.kind === 'invalid') {
    return (
      <div className="narrow">
        <h1>This sign-in link is not valid</h1>
        <div className="error-summary" role="alert">
          <p>{check.message}</p>
        </div>
        <p>Go back to the application that sent you here and try again, or contact its provider.</p>
        <p>
          <Link href="/">Back to the Freight Document Service</Link>
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
      <h1>Allow access?</h1>
      <section className="panel" aria-labelledby="consent-question">
        <p id="consent-question" className="lead">
          <strong>{check.client.name}</strong> wants to access your Freight Document Service account
        </p>
        <p>
          If you allow it, {check.client.name} can use the Freight Document Service on your behalf: read and change your freight documents and your account
          details. It does not learn your password.
        </p>
        {who ? (
          <p className="hint">
            Signed in as {who}. Not you?{' '}
            <SignOutButton
              className="link-button"
              label="Use another account"
              next={`/login?callbackUrl=${encodeURIComponent(`/oauth/consent?${query.toString()}`)}`}
            />
          </p>
        ) : null}
        <ConsentForm request={parsed.data} />
      </section>
    </div>
  );
}
