import { GUIDES } from '@/lib/guides/guides';

/**
 * GET /api (and /v1/api): what a newcomer who opens the API's base URL needs to go on, instead of a 404 (issue 23):
 * where the reference and the OpenAPI document are, and the endpoints to start with. Paths, not absolute URLs, so
 * the answer holds behind any proxy.
 */
export function getApiIndex({ input }: { input: { version: string } }) {
  return {
    name: 'Freight Document Service API',
    version: input.version,
    basePaths: ['/api', '/v1/api'],
    documentation: '/docs/api',
    guides: GUIDES.map((guide) => `/docs/guides/${guide.slug}`),
    openapi: '/api/openapi.json',
    links: {
      heartbeat: '/api/heartbeat',
      token: '/api/oauth/token',
      freightDocuments: '/api/freightdocuments',
      pgpPublicKey: '/api/pgp/publickey',
    },
  };
}
