import { z } from 'zod';
import type { AdminCommand } from '@/lib/schemas/admin';
import { getConfig } from '@/server/config/env';
import { constantTimeEqual } from '@/server/crypto/tokens';
import { ownAdminToken } from '@/server/db/data-dir-lock';
import { fail } from '@/server/errors';
import { parseBearer } from '@/server/http/auth';
import { endpoint, route } from '@/server/http/route';
import { runAdminCommand } from '@/server/services/admin/run-admin-command';

/**
 * The admin command's way in while this server holds the embedded database (only one process may open it).
 * The token is random per start and readable only from DATA_DIR/holder.json (mode 0600); without it the
 * path does not exist.
 */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: { internal: 'the admin command’s way in while this server holds the embedded database' },
    // The token is checked before the body is read: a stranger's body is never read into memory.
    beforeBody: (request) => {
      const expected = getConfig().DATABASE_URL ? undefined : ownAdminToken(getConfig().DATA_DIR);
      const presented = parseBearer(request.headers.get('authorization'));
      if (!expected || !presented || !constantTimeEqual(expected, presented)) fail('2.2');
    },
    // Parsed by the service after the token check, so that nothing answers differently before it.
    body: z.custom<AdminCommand>((value) => typeof value === 'object' && value !== null),
    handle: async ({ ctx, body }) => ({ body: await runAdminCommand({ ctx, input: body }) }),
  }),
});
