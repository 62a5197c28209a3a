import { eq } from 'drizzle-orm';
import { oauthClients } from '@/server/db/schema';
import { constantTimeEqual, hashToken } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import type { ServiceContext } from '../context';

export type OAuthClient = typeof oauthClients.$inferSelect;

/** Client id and secret (Basic header or body). Unknown ids and wrong secrets fail alike: 1.6. */
export async function authenticateClient({ ctx, input }: { ctx: ServiceContext; input: { clientId?: string; clientSecret?: string } }): Promise<OAuthClient> {
  if (!input.clientId || !input.clientSecret) fail('1.6', undefined, { oauthError: 'invalid_client' });
  const [client] = await ctx.db.select().from(oauthClients).where(eq(oauthClients.clientId, input.clientId));
  const presented = hashToken(input.clientSecret);
  // Compare even when the client is unknown, so timing does not tell which ids exist.
  const matches = constantTimeEqual(presented, client?.secretHash ?? hashToken('no-such-client'));
  if (!client || !matches) fail('1.6', undefined, { oauthError: 'invalid_client' });
  return client;
}
