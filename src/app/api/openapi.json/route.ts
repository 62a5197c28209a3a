import packageJson from '../../../../package.json';
import { endpoint, route } from '@/server/http/route';
import { getOpenApiDocument } from '@/server/services/docs/get-openapi-document';

/** Issue 11: the OpenAPI 3.1 document of the REST API, public, generated from the zod schemas. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    operation: 'GET /openapi.json',
    handle: async () =>
      new Response(getOpenApiDocument({ input: { version: packageJson.version } }), {
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' },
      }),
  }),
});
