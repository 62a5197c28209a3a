import { and, eq, gt, isNull } from 'drizzle-orm';
import { oauthTokenFamilies, oauthTokens } from '@/server/db/schema';
import { hashToken } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import type { Caller, ServiceContext } from '../context';

/** Bearer token → caller. Unknown, revoked and expired tokens all answer 1.11 (spec §5.6–7). */
export async function resolveAccessToken({ ctx, input }: { ctx: ServiceContext; input: { token: string } }): Promise<Caller> {
  const [row] = await ctx.db
    .select({ accountId: oauthTokenFamilies.accountId, clientId: oauthTokenFamilies.clientId, familyId: oauthTokenFamilies.id })
    .from(oauthTokens)
    .innerJoin(oauthTokenFamilies, eq(oauthTokens.familyId, oauthTokenFamilies.id))
    .where(
      and(
        eq(oauthTokens.tokenHash, hashToken(input.token)),
        eq(oauthTokens.kind, 'access'),
        gt(oauthTokens.expiresAt, ctx.now()),
        isNull(oauthTokenFamilies.revokedAt),
      ),
    );
  if (!row) fail('1.11');
  return { accountId: row.accountId, clientId: row.clientId, tokenFamilyId: row.familyId };
}
