import { createClientInput, type CreateClientInput } from '@/lib/schemas/oauth';
import { oauthClients } from '@/server/db/schema';
import { hashToken, randomToken } from '@/server/crypto/tokens';
import { parseInput } from '@/server/errors';
import type { ServiceContext } from '../context';

/** Registers a client system (admin command). The secret is shown once and stored only as a hash. */
export async function createClient({ ctx, input }: { ctx: ServiceContext; input: CreateClientInput }) {
  const clientInput = parseInput(createClientInput, input);
  const clientId = randomToken(16);
  const clientSecret = randomToken(32);
  await ctx.db.insert(oauthClients).values({
    clientId,
    name: clientInput.name,
    secretHash: hashToken(clientSecret),
    integration: clientInput.integration,
    implicit: clientInput.implicit,
    redirectUris: clientInput.redirectUris,
  });
  return { clientId, clientSecret };
}
