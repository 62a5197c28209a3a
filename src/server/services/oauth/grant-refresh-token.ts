import { and, eq, isNull } from 'drizzle-orm';
import { oauthTokenFamilies, oauthTokens } from '@/server/db/schema';
import { hashToken } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import { inTransaction, type ServiceContext } from '../context';
import type { OAuthClient } from './authenticate-client';
import { checkScope } from './check-scope';
import { issueTokens, revokeFamily } from './tokens';

const invalidGrant = () => fail('1.13', 'refresh_token', { oauthError: 'invalid_grant' });

/**
 * Refresh grant with rotation (spec §5.3, contract §2): every refresh token works once. Presenting one that
 * was already exchanged means it leaked, so the whole family is revoked (RFC 9700 reuse detection).
 */
export async function grantRefreshToken({ ctx, input }: { ctx: ServiceContext; input: { client: OAuthClient; refreshToken?: string; scope?: string } }) {
  if (!input.refreshToken) fail('2.1', 'refresh_token', { oauthError: 'invalid_request' });
  const scope = checkScope(ctx, input.scope);
  const tokenHash = hashToken(input.refreshToken);

  const outcome = await inTransaction(ctx, async (tx) => {
    const [row] = await tx
      .select({ token: oauthTokens, family: oauthTokenFamilies })
      .from(oauthTokens)
      .innerJoin(oauthTokenFamilies, eq(oauthTokens.familyId, oauthTokenFamilies.id))
      .where(and(eq(oauthTokens.tokenHash, tokenHash), eq(oauthTokens.kind, 'refresh')));
    if (!row || row.family.clientId !== input.client.clientId || row.family.revokedAt) return { ok: false as const };
    if (row.token.expiresAt.getTime() <= ctx.now().getTime()) return { ok: false as const };
    // Conditional update: of two concurrent uses exactly one wins; the loser is treated as reuse.
    const consumed = await tx
      .update(oauthTokens)
      .set({ consumedAt: ctx.now() })
      .where(and(eq(oauthTokens.tokenHash, tokenHash), isNull(oauthTokens.consumedAt)))
      .returning({ familyId: oauthTokens.familyId });
    if (consumed.length === 0) {
      await revokeFamily(ctx, tx, row.family.id);
      return { ok: false as const };
    }
    return { ok: true as const, tokens: await issueTokens(ctx, tx, row.family.id) };
  });
  if (!outcome.ok) invalidGrant();
  return { ...outcome.tokens, scope };
}
