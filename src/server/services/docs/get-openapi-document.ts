import { buildOpenApiDocument } from '@/lib/openapi/document';

let cached: string | undefined;

/** GET /openapi.json: generated once per process from the zod schemas (it depends on nothing else), kept as text. */
export function getOpenApiDocument({ input }: { input: { version: string } }): string {
  cached ??= JSON.stringify(buildOpenApiDocument(input.version));
  return cached;
}
