import { endpoint, route } from '@/server/http/route';
import { checkDatabase } from '@/server/services/operations/check-database';
import packageJson from '../../../../package.json';

/**
 * Contract §1: 200 `{"status":"UP","buildVersion"}` while the database answers. When it does not (within 2 s), 503
 * with `"status":"DOWN"` for load balancers and health checks, and the contract's error list (5.0) beside it.
 */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    operation: 'GET /heartbeat',
    handle: async ({ ctx }) => {
      const headers = { 'Cache-Control': 'no-store' };
      if (await checkDatabase({ ctx })) return { body: { status: 'UP', buildVersion: packageJson.version }, headers };
      return {
        status: 503,
        headers,
        body: {
          status: 'DOWN',
          buildVersion: packageJson.version,
          errors: [{ code: '5.0', description: 'The database is not reachable.' }],
        },
      };
    },
  }),
});
