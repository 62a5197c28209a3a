import { createClientInput, type CreateClientInput } from '@/lib/schemas/oauth';
import { oauthClients } from '@/server/db/schema';
import { hashToken, randomToken } from '@/server/crypto/tokens';
import { fromZodError } from '@/server/errors';
import type { ServiceContext } from '../context';

/** Registers a client system (admin command). The secret is shown once and stored only as a hash. */
export async function createClient({ ctx, input }: { ctx: ServiceContext; input: CreateClientInput }) {
  const parsed = createClientInput.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const clientId = randomToken(16);
  const clientSecret = randomToken(32);
  await ctx.db.insert(oauthClients).values({
    clientId,
    name: parsed.data.name,
    secretHash: hashToken(clientSecret),
    integration: parsed.data.integration,
    implicit: parsed.data.implicit,
    redirectUris: parsed.data.redirectUris,
  });
  return { clientId, clientSecret };
}
