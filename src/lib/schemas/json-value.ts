import { z } from 'zod';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Any JSON value, named once (the reference's `JsonValue`): for what the service serves exactly as it was hashed,
 * whose form a client reads from elsewhere (a commit's content and records, by hash version). A generated client
 * types it as JSON rather than `unknown`.
 */
export const jsonValue: z.ZodType<JsonValue> = z
  // null sits at the places a value can be, not in the union: the OpenAPI generator renders a nullable reference as
  // `oneOf: [JsonValue, null]`, which a null in the union itself would match twice (Redocly: no-invalid-media-type-examples).
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.array(z.union([jsonValue, z.null()])), z.record(z.string(), z.union([jsonValue, z.null()]))]))
  .meta({ id: 'JsonValue', description: 'Any JSON value: a string, number, boolean, null, array or object of JSON values.' });

/** A JSON value where null may stand too (an object's value, an array's item): see the note on null above. */
export const jsonValueOrNull = z.union([jsonValue, z.null()]);
