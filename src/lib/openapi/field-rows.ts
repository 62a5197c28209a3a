/**
 * The field table of a request body (issue 23): every field of its JSON Schema (generated from the zod schema the
 * endpoint parses with) as one row with its type, whether it is required, and its allowed values and limits, nested
 * objects and list items flattened to dotted paths (`consignor.name`, `structuredGoods[].weight`).
 */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  description?: string;
  example?: unknown;
}

export interface FieldRow {
  path: string;
  type: string;
  required: boolean;
  /** Allowed values, lengths, ranges, format and pattern, in words a reader scans. */
  limits: string[];
  description?: string;
  /** An example value, as the schema's `example` gives it. */
  example?: unknown;
  /** The shared schema (a component) the field holds, or holds a list of, when its rows are not repeated here. */
  schemaName?: string;
}

const MAX_DEPTH = 4;

function resolve(schema: JsonSchema, schemas: Record<string, JsonSchema>): JsonSchema {
  const name = schema.$ref?.replace('#/components/schemas/', '');
  return name && schemas[name] ? schemas[name] : schema;
}

function alternatives(schema: JsonSchema, schemas: Record<string, JsonSchema>): JsonSchema[] {
  const resolved = resolve(schema, schemas);
  const choices = resolved.anyOf ?? resolved.oneOf;
  return choices ? choices.flatMap((choice) => alternatives(choice, schemas)) : [resolved];
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.const !== undefined) return [typeof schema.const];
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.map((type) => (type === 'array' && schema.items?.type ? `${String(schema.items.type)}[]` : type));
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function limitsOf(schema: JsonSchema): string[] {
  const limits: string[] = [];
  const values = (schema.enum ?? (schema.const !== undefined ? [schema.const] : [])).filter((value) => value !== null);
  if (values.length) limits.push(`one of ${values.map((value) => JSON.stringify(value)).join(', ')}`);
  if (schema.minLength !== undefined && schema.maxLength !== undefined) limits.push(`${schema.minLength}–${count(schema.maxLength, 'character')}`);
  else if (schema.maxLength !== undefined) limits.push(`at most ${count(schema.maxLength, 'character')}`);
  else if (schema.minLength !== undefined) limits.push(`at least ${count(schema.minLength, 'character')}`);
  if (schema.minimum !== undefined) limits.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) limits.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined) limits.push(`at least ${count(schema.minItems, 'item')}`);
  if (schema.maxItems !== undefined) limits.push(`at most ${count(schema.maxItems, 'item')}`);
  if (schema.format) limits.push(`format ${schema.format}`);
  if (schema.pattern) limits.push(`pattern ${schema.pattern}`);
  // A list of allowed values (`allowedActions`, signing methods): say what each item may be (issue 35).
  const itemValues = (schema.items?.enum ?? []).filter((value) => value !== null);
  if (itemValues.length) limits.push(`each one of ${itemValues.map((value) => JSON.stringify(value)).join(', ')}`);
  return limits;
}

const componentName = (schema: JsonSchema | undefined) => schema?.$ref?.replace('#/components/schemas/', '');

/**
 * The rows of a body schema; an empty list when it has no named fields. With `linkComponents`, a field holding a
 * shared schema (the freight document in a list, say) is one row naming it (`schemaName`) instead of all its rows.
 */
export function fieldRows(schema: JsonSchema, schemas: Record<string, JsonSchema>, prefix = '', depth = 0, linkComponents = false): FieldRow[] {
  const object = alternatives(schema, schemas).find((choice) => choice.properties);
  if (!object?.properties || depth > MAX_DEPTH) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).flatMap(([name, property]) => {
    const choices = alternatives(property, schemas);
    const path = `${prefix}${name}`;
    const types = [...new Set(choices.flatMap(typesOf))];
    const nullable = types.includes('null');
    const row: FieldRow = {
      path,
      type: [...types.filter((type) => type !== 'null'), ...(nullable ? ['null'] : [])].join(' | ') || 'any',
      required: required.has(name),
      limits: [...new Set(choices.flatMap(limitsOf))],
      description: resolve(property, schemas).description ?? choices.find((choice) => choice.description)?.description,
      example: resolve(property, schemas).example ?? choices.find((choice) => choice.example !== undefined)?.example,
    };
    const items = choices.find((choice) => choice.items)?.items;
    const linked = linkComponents ? (componentName(property) ?? componentName(items) ?? (property.anyOf ?? []).map(componentName).find(Boolean)) : undefined;
    if (linked) return [{ ...row, schemaName: linked }];
    const nestedObject = choices.find((choice) => choice.properties);
    const nested = nestedObject
      ? fieldRows(nestedObject, schemas, `${path}.`, depth + 1, linkComponents)
      : items
        ? fieldRows(items, schemas, `${path}[].`, depth + 1, linkComponents)
        : [];
    return [row, ...nested];
  });
}
