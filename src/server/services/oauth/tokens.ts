import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { oauthTokenFamilies, oauthTokens } from '@/server/db/schema';
import { hashToken, newId, randomToken } from '@/server/crypto/tokens';
import type { ServiceContext } from '../context';

export interface TokenPair {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  expires_in: number;
  scope: string;
}

type GrantType = (typeof oauthTokenFamilies.$inferInsert)['grantType'];

/** Starts a token family for a fresh grant. */
export async function createTokenFamily(db: DbOrTx, input: { clientId: string; accountId: string; grantType: GrantType }) {
  const id = newId();
  await db.insert(oauthTokenFamilies).values({ id, ...input });
  return id;
}

/** Issues an access token (and a refresh token unless implicit) in a family; only hashes are stored. */
export async function issueTokens(ctx: ServiceContext, db: DbOrTx, familyId: string): Promise<TokenPair>;
export async function issueTokens(ctx: ServiceContext, db: DbOrTx, familyId: string, withRefresh: false): Promise<Omit<TokenPair, 'refresh_token'>>;
export async function issueTokens(ctx: ServiceContext, db: DbOrTx, familyId: string, withRefresh = true) {
  const now = ctx.now().getTime();
  const accessToken = randomToken(32);
  const refreshToken = randomToken(32);
  await db
    .insert(oauthTokens)
    .values([
      { tokenHash: hashToken(accessToken), familyId, kind: 'access', expiresAt: new Date(now + ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000) },
      ...(withRefresh
        ? [{ tokenHash: hashToken(refreshToken), familyId, kind: 'refresh' as const, expiresAt: new Date(now + ctx.config.REFRESH_TOKEN_TTL_SECONDS * 1000) }]
        : []),
    ]);
  return {
    access_token: accessToken,
    token_type: 'bearer' as const,
    ...(withRefresh ? { refresh_token: refreshToken } : {}),
    expires_in: ctx.config.ACCESS_TOKEN_TTL_SECONDS,
    scope: ctx.config.OAUTH_SCOPE,
  };
}

export async function revokeFamily(ctx: ServiceContext, db: DbOrTx, familyId: string) {
  await db.update(oauthTokenFamilies).set({ revokedAt: ctx.now() }).where(eq(oauthTokenFamilies.id, familyId));
}
