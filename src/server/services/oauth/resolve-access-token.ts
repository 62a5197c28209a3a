import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { isTransaction, preparedPerDatabase } from '@/server/db/prepared';
import { oauthTokenFamilies, oauthTokens } from '@/server/db/schema';
import { hashToken } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import type { Caller, ServiceContext } from '../context';

/** The token's family, when the token is a live access token of a family not revoked. */
function tokenQuery(db: DbOrTx, tokenHash: unknown, now: unknown) {
  return db
    .select({ accountId: oauthTokenFamilies.accountId, clientId: oauthTokenFamilies.clientId, familyId: oauthTokenFamilies.id })
    .from(oauthTokens)
    .innerJoin(oauthTokenFamilies, eq(oauthTokens.familyId, oauthTokenFamilies.id))
    .where(
      and(
        eq(oauthTokens.tokenHash, tokenHash as string),
        eq(oauthTokens.kind, 'access'),
        gt(oauthTokens.expiresAt, now as Date),
        isNull(oauthTokenFamilies.revokedAt),
      ),
    );
}

// Every authenticated request runs it: built once per database (issue 24 profile), the hash and the time as parameters.
const tokenStatement = preparedPerDatabase((db) => tokenQuery(db, sql.placeholder('tokenHash'), sql.placeholder('now')).prepare('fds_resolve_access_token'));

/** Bearer token → caller. Unknown, revoked and expired tokens all answer 1.11 (spec §5.6–7). */
export async function resolveAccessToken({ ctx, input }: { ctx: ServiceContext; input: { token: string } }): Promise<Caller> {
  const tokenHash = hashToken(input.token);
  const now = ctx.now();
  const [row] = isTransaction(ctx.db) ? await tokenQuery(ctx.db, tokenHash, now) : await tokenStatement(ctx.db).execute({ tokenHash, now: now.toISOString() });
  if (!row) fail('1.11');
  return { accountId: row.accountId, clientId: row.clientId, tokenFamilyId: row.familyId };
}
