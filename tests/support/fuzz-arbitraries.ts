/**
 * fast-check arbitraries for hostile requests (issue 13 part 4), generated from the OpenAPI document: valid values
 * from each operation's JSON Schema (which the document generates from the zod schemas the endpoints parse with),
 * near-valid ones (one field of the wrong type, one too long, one missing), and garbage: huge, deeply nested, odd
 * Unicode, NUL, lone surrogates, broken JSON, wrong media types.
 */
import fc from 'fast-check';

type Schema = Record<string, any>;

/** Text that breaks naive handling: NUL, lone surrogates, right-to-left marks, emoji, combining marks, long runs. */
export const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\u202e\u202d',
    '👩‍👩‍👧‍👦',
    'e\u0301\u0301\u0301',
    '%00',
    '%ZZ',
    '../../etc/passwd',
    "'; DROP TABLE x;--",
    '${7*7}',
    '<script>',
  ),
  fc.integer({ min: 256, max: 70_000 }).map((length) => 'A'.repeat(length)),
);

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  oddText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e308, -0, Number.MAX_SAFE_INTEGER + 2),
  fc.array(fc.oneof(fc.integer(), oddText), { maxLength: 3 }),
  fc.dictionary(oddText, fc.oneof(fc.integer(), oddText), { maxKeys: 3 }),
);

function resolve(schema: Schema, root: Schema): Schema {
  if (schema?.$ref) return resolve(root.components.schemas[schema.$ref.split('/').pop()], root);
  return schema ?? {};
}

/** A value of the schema (mostly valid), or with `near` a value with one deliberate mistake somewhere. */
export function fromSchema(input: Schema, root: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input, root);
  if (depth > 4) return fc.constant(null);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant: Schema) => fromSchema(variant, root, depth + 1)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate: string) => candidate !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
      if (properties.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 });
      const required = new Set<string>(schema.required ?? []);
      return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, fromSchema(property, root, depth + 1)])), {
        requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
      });
    }
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}, root, depth + 1), { maxLength: 3 });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) }),
        fc.constantFrom('NLD', 'DEU', 'EUR', '2026-11-23', '2026-11-23T10:00:00Z', 'WAYBILL'),
      );
    default:
      return anyJson;
  }
}

/** One deliberate mistake in a valid value: a field of the wrong type, removed, too long, or odd text. */
function mutate(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value !== 'object' || value === null) return anyJson;
  const keys = Object.keys(value);
  if (keys.length === 0) return fc.constant(value);
  return fc.tuple(fc.constantFrom(...keys), anyJson, fc.boolean()).map(([key, replacement, remove]) => {
    const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as any) : { ...(value as object) };
    if (remove) delete copy[key];
    else copy[key] = replacement;
    return copy;
  });
}

const deeplyNested = fc.integer({ min: 100, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));
const deepObject = fc.integer({ min: 100, max: 5_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

/** A request body as text: valid JSON of the schema, near-valid, or garbage. */
export function bodyText(schema: Schema | undefined, root: Schema): fc.Arbitrary<string> {
  const valid = schema ? fromSchema(schema, root) : anyJson;
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((value) => JSON.stringify(value)) },
    { weight: 3, arbitrary: valid.chain(mutate).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: anyJson.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: fc.oneof(deeplyNested, deepObject) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '{',
        '{"a":',
        'null',
        '[]',
        '"\\ud800"',
        '{"type":"\\u0000"}',
        '\u0000',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  );
}
