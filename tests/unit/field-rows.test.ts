/**
 * Issue 23: the reference shows a field table for every request body, generated from the JSON Schema that the zod
 * schemas become: type, required, allowed values and limits, nested fields as dotted paths.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { fieldRows, type JsonSchema } from '@/lib/openapi/field-rows';

interface Operation {
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
const document = buildOpenApiDocument('test') as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};
const rowsOf = (path: string, method: string) => {
  const content = Object.values(document.paths[path]![method]!.requestBody!.content)[0]!;
  return fieldRows(content.schema!, document.components.schemas);
};

describe('field tables of request bodies', () => {
  it('every operation with a JSON or form body has rows', () => {
    const bodies = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        // A text/plain body (the eFTI follow-up) has no fields.
        .filter(([, operation]) => operation.requestBody && !operation.requestBody.content['text/plain'])
        .map(([method]) => ({ where: `${method.toUpperCase()} ${path}`, rows: rowsOf(path, method) })),
    );
    expect(bodies.length).toBeGreaterThanOrEqual(20);
    expect(bodies.filter(({ rows }) => rows.length === 0).map(({ where }) => where)).toEqual([]);
  });

  it('the token form: grant_type required, with its allowed values', () => {
    expect(rowsOf('/oauth/token', 'post').find((row) => row.path === 'grant_type')).toMatchObject({
      type: 'string',
      required: true,
      limits: ['one of "password", "refresh_token", "authorization_code"'],
    });
  });

  it('nested objects and list items as dotted paths, with lengths, enums, patterns and nullability', () => {
    const rows = rowsOf('/freightdocuments/{id}/submitcounterpartyapproval', 'post');
    expect(rows.find((row) => row.path === 'action')).toMatchObject({ required: true, limits: ['one of "COLLECTION", "CARRIER_TO_CARRIER", "DELIVERY"'] });
    expect(rows.find((row) => row.path === 'evidence.signedOnGlassBy.name')).toMatchObject({ type: 'string', required: true, limits: ['1–255 characters'] });
    expect(rows.find((row) => row.path === 'evidence.attachments[].content')?.required).toBe(true);
    expect(rows.find((row) => row.path === 'place')).toMatchObject({ type: 'string | null', required: false });
    const created = rowsOf('/freightdocuments', 'post');
    expect(created.find((row) => row.path === 'structuredGoods[].weightUnit')?.limits[0]).toMatch(/^one of .*"KILOGRAM"/);
  });

  it('says what each item of a list may be, shows the description and example, and links shared schemas in answers (issue 35)', () => {
    const delivery = rowsOf('/freightdocuments', 'post').find((row) => row.path === 'availableSigningMethods.delivery');
    expect(delivery?.limits).toContain('each one of "OWN", "TFA", "SIGN_ON_GLASS"');
    const country = rowsOf('/freightdocuments', 'post').find((row) => row.path === 'consignor.countryCode');
    expect(country).toMatchObject({ example: 'NLD', description: expect.stringContaining('alpha-3') });
    const list = document.paths['/freightdocuments']!.get! as unknown as { responses: Record<string, { content: Record<string, { schema: JsonSchema }> }> };
    const rows = fieldRows(list.responses['200']!.content['application/json']!.schema, document.components.schemas, '', 0, true);
    expect(rows.find((row) => row.path === 'freightDocuments')).toMatchObject({ schemaName: 'FreightDocument', type: 'array' });
    expect(rows.some((row) => row.path.startsWith('freightDocuments[].'))).toBe(false);
    expect(rows.find((row) => row.path === 'totalRelation')?.limits).toEqual(['one of "eq", "gte"']);
  });

  it('follows $ref to the components and stops at a cycle-safe depth', () => {
    const schemas: Record<string, JsonSchema> = { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } };
    const rows = fieldRows({ $ref: '#/components/schemas/Node' }, schemas);
    expect(rows.map((row) => row.path)).toEqual(['next', 'next.next', 'next.next.next', 'next.next.next.next', 'next.next.next.next.next']);
  });
});
