import 'server-only';
import crypto from 'node:crypto';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { createServiceContext } from '@/server/services/context';
import { verifyCredentials } from '@/server/services/accounts/verify-credentials';
import { describeError, ServiceError } from '@/server/errors';
import { describeUnexpected } from '@/server/errors/describe-unexpected';

let cached: Promise<NextAuthOptions> | undefined;

/**
 * Portal sessions (next-auth v4, JWT cookie). Sign-in checks the same accounts, with the same lockout, as
 * the OAuth password grant. The cookie secret derives from APP_SECRET, so NEXTAUTH_SECRET is optional.
 */
export function getAuthOptions(): Promise<NextAuthOptions> {
  cached ??= (async () => {
    const { appSecret } = await createServiceContext();
    const secret = process.env.NEXTAUTH_SECRET ?? Buffer.from(crypto.hkdfSync('sha256', appSecret, 'fds', 'nextauth', 32)).toString('base64url');
    return {
      secret,
      session: { strategy: 'jwt', maxAge: 8 * 3600 },
      pages: { signIn: '/login', error: '/login' },
      providers: [
        CredentialsProvider({
          name: 'Account',
          credentials: { username: { label: 'E-mail or account number', type: 'text' }, password: { label: 'Password', type: 'password' } },
          authorize: async (credentials) => {
            if (!credentials?.username || !credentials.password) return null;
            try {
              const ctx = await createServiceContext();
              const account = await verifyCredentials({ ctx, input: { username: credentials.username, password: credentials.password } });
              return { id: account.id, name: account.name, email: account.email };
            } catch (error) {
              // next-auth shows this message to the sign-in page as ?error=…
              // Deliberately without `cause`: the error next-auth gets carries only the text meant for the sign-in page.
              // eslint-disable-next-line preserve-caught-error
              if (error instanceof ServiceError) throw new Error(error.items[0]!.description);
              // Anything else would reach the browser as ?error=<its message>: log it, show only 5.0.
              console.error(`sign-in failed: ${describeUnexpected(error)}`);
              // eslint-disable-next-line preserve-caught-error
              throw new Error(describeError('5.0'));
            }
          },
        }),
      ],
      callbacks: {
        jwt: ({ token, user }) => {
          if (user) token.accountId = user.id;
          return token;
        },
        session: ({ session, token }) => ({ ...session, accountId: token.accountId as string | undefined }),
      },
    } satisfies NextAuthOptions;
  })();
  return cached;
}
