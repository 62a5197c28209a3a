import 'server-only';
import crypto from 'node:crypto';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { isUnsafeText } from '@/lib/text/unsafe-text';
import { safeRedirectOnSite } from '@/lib/portal/safe-callback-url';
import { createServiceContext } from '@/server/services/context';
import { verifyCredentials } from '@/server/services/accounts/verify-credentials';
import { endPortalSession, portalSessionValid } from '@/server/services/accounts/portal-sessions';
import { describeError, ServiceError } from '@/server/errors';
import { clientAddress } from '@/server/http/client-address';
import { describeUnexpected } from '@/server/errors/describe-unexpected';
import { log } from '@/server/observability/logger';
import { getConfig } from '@/server/config/env';

let cached: Promise<NextAuthOptions> | undefined;

/** A portal session lasts a working day. */
const SESSION_MAX_AGE_SECONDS = 8 * 3600;

/**
 * Portal sessions (next-auth v4, JWT cookie). Sign-in checks the same accounts, with the same lockout, as
 * the OAuth password grant. The cookie secret derives from APP_SECRET, so NEXTAUTH_SECRET is optional.
 */
export function getAuthOptions(): Promise<NextAuthOptions> {
  cached ??= (async () => {
    const { appSecret } = await createServiceContext();
    // An empty NEXTAUTH_SECRET is no secret: derived then, like an unset one (every instance derives the same).
    const config = getConfig();
    const secret = config.NEXTAUTH_SECRET || Buffer.from(crypto.hkdfSync('sha256', appSecret, 'fds', 'nextauth', 32)).toString('base64url');
    return {
      secret,
      session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
      // Under https the cookies are Secure and __Secure-/__Host- prefixed, whatever address a request came in on.
      useSecureCookies: (config.NEXTAUTH_URL || config.PUBLIC_URL || '').startsWith('https://'),
      pages: { signIn: '/login', error: '/login' },
      // next-auth logs whole errors (and, for a revoked session, a stack per request): keep the code and a line.
      logger: {
        error: (code, metadata) => {
          const error = (metadata as { error?: unknown })?.error ?? metadata;
          const line = typeof error === 'string' ? error : describeUnexpected(error);
          log().error(`next-auth ${code}: ${line.split('\n')[0]!.slice(0, 200)}`);
        },
        warn: (code) => log().warn(`next-auth ${code}`),
        debug: () => {},
      },
      providers: [
        CredentialsProvider({
          name: 'Account',
          credentials: { username: { label: 'E-mail or account number', type: 'text' }, password: { label: 'Password', type: 'password' } },
          authorize: async (credentials, request) => {
            if (!credentials?.username || !credentials.password) return null;
            // Contract §1: a NUL or an unpaired surrogate is 3.17, and never reaches a query.
            if (isUnsafeText(credentials.username) || isUnsafeText(credentials.password)) throw new Error(describeError('3.17'));
            try {
              const ctx = await createServiceContext();
              // Issue 20: failed sign-ins are limited per client address too (the socket's, or TRUST_PROXY's).
              const address = clientAddress(new Headers(request?.headers as Record<string, string> | undefined), ctx.config.TRUST_PROXY);
              const account = await verifyCredentials({
                ctx,
                input: { username: credentials.username, password: credentials.password, clientAddress: address },
              });
              return { id: account.id, name: account.name, email: account.email, sessionGeneration: account.sessionGeneration };
            } catch (error) {
              // next-auth shows this message to the sign-in page as ?error=…
              // Deliberately without `cause`: the error next-auth gets carries only the text meant for the sign-in page.
              // eslint-disable-next-line preserve-caught-error
              if (error instanceof ServiceError) throw new Error(error.items[0]!.description);
              // Anything else would reach the browser as ?error=<its message>: log it, show only 5.0.
              log().error(`sign-in failed: ${describeUnexpected(error)}`);
              // eslint-disable-next-line preserve-caught-error
              throw new Error(describeError('5.0'));
            }
          },
        }),
      ],
      events: {
        // Issue 20: a sign-out ends the session on the server, not only in the browser that signed out.
        signOut: async ({ token }) => {
          const expiresAt = new Date(typeof token?.exp === 'number' ? token.exp * 1000 : Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
          await endPortalSession({ ctx: await createServiceContext(), input: { sessionId: token?.sessionId, expiresAt } });
        },
      },
      callbacks: {
        // Every session read passes here: a session of a changed password (or a gone account) ends at once.
        jwt: async ({ token, user }) => {
          if (user) {
            token.accountId = user.id;
            token.sessionGeneration = (user as { sessionGeneration?: number }).sessionGeneration ?? 0;
            // Names this session, so that signing out can end it on the server (a copied cookie then stops working).
            token.sessionId = crypto.randomUUID();
            return token;
          }
          const claims = { accountId: token.accountId, sessionGeneration: token.sessionGeneration, sessionId: token.sessionId };
          if (!(await portalSessionValid({ ctx: await createServiceContext(), input: claims }))) throw new Error('session ended');
          return token;
        },
        session: ({ session, token }) => ({ ...session, accountId: token.accountId as string | undefined }),
        // The one same-site rule (lib/portal/safe-callback-url.ts) for every redirect next-auth makes.
        redirect: ({ url, baseUrl }) => safeRedirectOnSite(url, baseUrl),
      },
    } satisfies NextAuthOptions;
  })();
  return cached;
}
