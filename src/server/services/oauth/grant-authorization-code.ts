import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { oauthAuthorizationCodes } from '@/server/db/schema';
import { hashToken } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import { inTransaction, type ServiceContext } from '../context';
import type { OAuthClient } from './authenticate-client';
import { checkScope } from './check-scope';
import { createTokenFamily, issueTokens, revokeFamily } from './tokens';

function s256(verifier: string): string {
  return crypto.createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/**
 * Authorization-code grant (spec §5.4): the code works once, within 10 minutes, for the client and
 * redirect URI it was issued to, with the PKCE verifier when a challenge was given and without one when none
 * was (RFC 9700). A second use revokes the tokens issued for the first (RFC 6749 §4.1.2).
 */
export async function grantAuthorizationCode({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { client: OAuthClient; code?: string; redirectUri?: string; codeVerifier?: string; scope?: string };
}) {
  if (!input.client.integration) fail('1.3', undefined, { oauthError: 'unauthorized_client' });
  if (!input.code) fail('2.1', 'code', { oauthError: 'invalid_request' });
  if (!input.redirectUri) fail('2.1', 'redirect_uri', { oauthError: 'invalid_request' });
  const scope = checkScope(ctx, input.scope);
  const codeHash = hashToken(input.code);

  const outcome = await inTransaction(ctx, async (tx) => {
    const [code] = await tx.select().from(oauthAuthorizationCodes).where(eq(oauthAuthorizationCodes.codeHash, codeHash)).for('update');
    if (!code || code.clientId !== input.client.clientId) return undefined;
    if (code.usedAt) {
      if (code.familyId) await revokeFamily(ctx, tx, code.familyId);
      return undefined;
    }
    if (code.expiresAt.getTime() <= ctx.now().getTime() || code.redirectUri !== input.redirectUri) return undefined;
    if (code.codeChallenge && (!input.codeVerifier || s256(input.codeVerifier) !== code.codeChallenge)) return undefined;
    if (!code.codeChallenge && input.codeVerifier !== undefined) {
      // RFC 9700 §2.1.1 (PKCE downgrade): a verifier for a code issued without a challenge means the challenge
      // was stripped from the authorization request; the code is burnt so that it cannot be redeemed either.
      await tx.update(oauthAuthorizationCodes).set({ usedAt: ctx.now() }).where(eq(oauthAuthorizationCodes.codeHash, codeHash));
      return undefined;
    }

    const familyId = await createTokenFamily(tx, { clientId: code.clientId, accountId: code.accountId, grantType: 'authorization_code' });
    const used = await tx
      .update(oauthAuthorizationCodes)
      .set({ usedAt: ctx.now(), familyId })
      .where(and(eq(oauthAuthorizationCodes.codeHash, codeHash), isNull(oauthAuthorizationCodes.usedAt)))
      .returning({ codeHash: oauthAuthorizationCodes.codeHash });
    if (used.length === 0) return undefined;
    return issueTokens(ctx, tx, familyId);
  });
  if (!outcome) fail('1.13', 'code', { oauthError: 'invalid_grant' });
  return { ...outcome, scope };
}
