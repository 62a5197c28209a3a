import type { AuthorizationRequest } from '@/lib/schemas/oauth';
import { oauthAuthorizationCodes } from '@/server/db/schema';
import { hashToken, randomToken } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { checkAuthorizationRequest, redirectWith } from './check-authorization-request';
import { createTokenFamily, issueTokens } from './tokens';

const CODE_TTL_MS = 10 * 60 * 1000;

/**
 * The signed-in user's answer on the consent page. Returns where the browser goes next: the client's
 * redirect URI with a code (or, for the implicit grant, a token in the fragment), or with access_denied.
 */
export async function decideAuthorization({ ctx, input }: { ctx: ServiceContext; input: { request: AuthorizationRequest; approve: boolean } }) {
  const accountId = requireAccountId(ctx);
  const check = await checkAuthorizationRequest({ ctx, input: input.request });
  if (check.kind === 'invalid') fail('2.1', undefined, { description: check.message });
  if (check.kind === 'redirect-error') {
    return { redirectTo: redirectWith(check.redirectUri, { error: check.error, error_description: check.description, state: check.state }, check.fragment) };
  }
  const fragment = check.responseType === 'token';
  if (!input.approve) {
    return { redirectTo: redirectWith(check.redirectUri, { error: 'access_denied', state: check.state }, fragment) };
  }
  if (check.responseType === 'token') {
    const tokens = await inTransaction(ctx, async (tx) => {
      const familyId = await createTokenFamily(tx, { clientId: check.client.clientId, accountId, grantType: 'implicit' });
      return issueTokens(ctx, tx, familyId, false);
    });
    return {
      redirectTo: redirectWith(
        check.redirectUri,
        { access_token: tokens.access_token, token_type: 'bearer', expires_in: String(tokens.expires_in), scope: check.scope, state: check.state },
        true,
      ),
    };
  }
  const code = randomToken(32);
  await ctx.db.insert(oauthAuthorizationCodes).values({
    codeHash: hashToken(code),
    clientId: check.client.clientId,
    accountId,
    redirectUri: check.redirectUri,
    codeChallenge: check.codeChallenge,
    expiresAt: new Date(ctx.now().getTime() + CODE_TTL_MS),
  });
  return { redirectTo: redirectWith(check.redirectUri, { code, state: check.state }, false) };
}
