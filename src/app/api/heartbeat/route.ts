import { endpoint, route } from '@/server/http/route';
import packageJson from '../../../../package.json';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({ auth: 'none', handle: async () => ({ body: { status: 'UP', buildVersion: packageJson.version } }) }),
});
