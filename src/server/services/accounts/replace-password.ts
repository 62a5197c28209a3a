import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '@/server/db/client';
import { accounts, oauthAuthorizationCodes, oauthTokenFamilies } from '@/server/db/schema';
import { newAccountSecret } from '@/server/crypto/account-secret';
import { open, seal } from '@/server/crypto/secret-box';
import type { ServiceContext } from '../context';
import { ACCOUNT_SECRET_PURPOSE } from './create-account';

/** The format a replacement keeps: a base64 secret's devices decode it, so it stays base64 (contract §2). */
function formatOf(secret: string) {
  return /^[A-Za-z0-9+/]{86}==$/.test(secret) ? 'base64' : 'numeric';
}

/**
 * What a password change and a password reset both do (contract §3), in the caller's transaction: the new
 * password, a new `accountSecret` (codes of the old one fail; the next password grant returns the new one), and
 * the end of every access and refresh token, unused authorization code and portal session of the account.
 */
export async function replacePassword(ctx: Pick<ServiceContext, 'appSecret' | 'now'>, tx: Transaction, input: { accountId: string; passwordHash: string }) {
  const now = ctx.now();
  const [account] = await tx.select({ sealed: accounts.accountSecretEncrypted }).from(accounts).where(eq(accounts.id, input.accountId)).for('update');
  if (!account) return;
  const secret = newAccountSecret(formatOf(open(account.sealed, ctx.appSecret, ACCOUNT_SECRET_PURPOSE)));
  await tx
    .update(accounts)
    .set({
      passwordHash: input.passwordHash,
      accountSecretEncrypted: seal(secret, ctx.appSecret, ACCOUNT_SECRET_PURPOSE),
      sessionGeneration: sql`${accounts.sessionGeneration} + 1`,
      updatedAt: now,
    })
    .where(eq(accounts.id, input.accountId));
  await tx
    .update(oauthTokenFamilies)
    .set({ revokedAt: now })
    .where(and(eq(oauthTokenFamilies.accountId, input.accountId), isNull(oauthTokenFamilies.revokedAt)));
  await tx
    .update(oauthAuthorizationCodes)
    .set({ usedAt: now })
    .where(and(eq(oauthAuthorizationCodes.accountId, input.accountId), isNull(oauthAuthorizationCodes.usedAt)));
}
