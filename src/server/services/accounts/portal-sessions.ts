import { eq, lt } from 'drizzle-orm';
import { accounts, endedSessions } from '@/server/db/schema';
import type { ServiceContext } from '../context';

/** A portal session as its JWT names it: the account, the password generation it was signed in under, its own id. */
export interface PortalSessionClaims {
  accountId: unknown;
  sessionGeneration: unknown;
  sessionId: unknown;
}

/**
 * Whether a portal session is still valid: its account exists and is active, its password has not changed since
 * (a change raises the generation), and it was not signed out (a copied cookie dies with the sign-out, issue 20).
 */
export async function portalSessionValid({ ctx, input }: { ctx: ServiceContext; input: PortalSessionClaims }): Promise<boolean> {
  const { accountId, sessionGeneration, sessionId } = input;
  if (typeof accountId !== 'string' || typeof sessionGeneration !== 'number' || typeof sessionId !== 'string') return false;
  const [account] = await ctx.db
    .select({ generation: accounts.sessionGeneration, activatedAt: accounts.activatedAt, ended: endedSessions.sessionId })
    .from(accounts)
    .leftJoin(endedSessions, eq(endedSessions.sessionId, sessionId))
    .where(eq(accounts.id, accountId));
  return Boolean(account?.activatedAt) && account!.generation === sessionGeneration && account!.ended === null;
}

/** Signing out ends the session on the server too: its id is refused until the JWT would have expired anyway. */
export async function endPortalSession({ ctx, input }: { ctx: ServiceContext; input: { sessionId: unknown; expiresAt: Date } }): Promise<void> {
  if (typeof input.sessionId !== 'string') return;
  await ctx.db.insert(endedSessions).values({ sessionId: input.sessionId, expiresAt: input.expiresAt }).onConflictDoNothing();
}

/** Ended sessions whose JWT has expired decide nothing any more. */
export async function removeEndedSessions(db: ServiceContext['db'], now: Date): Promise<number> {
  const removed = await db.delete(endedSessions).where(lt(endedSessions.expiresAt, now)).returning({ sessionId: endedSessions.sessionId });
  return removed.length;
}
