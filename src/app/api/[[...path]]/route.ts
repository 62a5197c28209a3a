import packageJson from '../../../../package.json';
import { endpoint, route, unknownPath } from '@/server/http/route';
import { getApiIndex } from '@/server/services/docs/get-api-index';

/** /api itself: an index that points at the reference (issue 23). GET only; other methods answer 2.5 with Allow. */
const index = route({
  GET: endpoint({
    operation: { internal: 'the index of /api, pointing at the reference' },
    handle: async () => ({ body: getApiIndex({ input: { version: packageJson.version } }) }),
  }),
});
/** Any other path under /api that no route serves: 2.2 (contract §1). */
const unknown = unknownPath();

type Handler = (typeof index)['GET'];
const byPath =
  (method: keyof typeof index & keyof typeof unknown): Handler =>
  async (request, context) => {
    const { path } = (await context.params) as { path?: string[] };
    return (path?.length ? unknown : index)[method](request, context);
  };

export const GET = byPath('GET');
export const POST = byPath('POST');
export const PUT = byPath('PUT');
export const PATCH = byPath('PATCH');
export const DELETE = byPath('DELETE');
export const OPTIONS = byPath('OPTIONS');
