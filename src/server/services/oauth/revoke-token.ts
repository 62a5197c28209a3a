import { eq } from 'drizzle-orm';
import { oauthTokenFamilies, oauthTokens } from '@/server/db/schema';
import { hashToken } from '@/server/crypto/tokens';
import type { ServiceContext } from '../context';
import type { OAuthClient } from './authenticate-client';
import { revokeFamily } from './tokens';

/**
 * RFC 7009: revoking an access or refresh token revokes its whole family. Unknown tokens and tokens of
 * other clients are ignored silently, so the answer never tells whether a token exists.
 */
export async function revokeToken({ ctx, input }: { ctx: ServiceContext; input: { client: OAuthClient; token?: string } }) {
  if (!input.token) return;
  const [row] = await ctx.db
    .select({ familyId: oauthTokens.familyId, clientId: oauthTokenFamilies.clientId })
    .from(oauthTokens)
    .innerJoin(oauthTokenFamilies, eq(oauthTokens.familyId, oauthTokenFamilies.id))
    .where(eq(oauthTokens.tokenHash, hashToken(input.token)));
  if (row && row.clientId === input.client.clientId) await revokeFamily(ctx, ctx.db, row.familyId);
}
