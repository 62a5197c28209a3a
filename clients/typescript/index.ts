/**
 * A typed client of the Freight Document Service: openapi-fetch over the types openapi-typescript generates from the
 * served OpenAPI document (schema.d.ts, `npm run client:generate`). Paths, path and query parameters, request bodies and
 * answers are checked by the compiler: every operation answers one media type with a schema.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
export type FdsClient = Client<paths>;

export interface FdsClientOptions {
  /** The API's base URL, `{PUBLIC_URL}/api` (or `/v1/api`). */
  baseUrl: string;
  /** The access token of an account (OAuth 2.0 bearer), or a function giving the current one (after a refresh). */
  accessToken?: string | (() => string | Promise<string>);
  fetch?: typeof globalThis.fetch;
}

export function createFdsClient(options: FdsClientOptions): FdsClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  if (options.accessToken) {
    const token = options.accessToken;
    const bearer: Middleware = {
      async onRequest({ request }) {
        if (!request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${typeof token === 'function' ? await token() : token}`);
        return request;
      },
    };
    client.use(bearer);
  }
  return client;
}

/** The service's error body (contract §1): one entry per problem found. */
export type FdsErrors = components['schemas']['Error'];
