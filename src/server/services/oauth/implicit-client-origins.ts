import { eq } from 'drizzle-orm';
import { oauthClients } from '@/server/db/schema';
import type { ServiceContext } from '../context';

/**
 * The browser origins of the redirect URIs of clients with the `implicit` flag (contract §1): browser apps
 * that get their token by the implicit grant call the API from there, so CORS allows them.
 */
export async function implicitClientOrigins({ ctx }: { ctx: ServiceContext }): Promise<Set<string>> {
  const rows = await ctx.db.select({ redirectUris: oauthClients.redirectUris }).from(oauthClients).where(eq(oauthClients.implicit, true));
  const origins = new Set<string>();
  for (const uri of rows.flatMap((row) => row.redirectUris)) {
    if (!URL.canParse(uri)) continue;
    const { origin } = new URL(uri);
    // Opaque origins (custom schemes of native apps) are "null" and never a browser page's origin.
    if (origin !== 'null') origins.add(origin);
  }
  return origins;
}
