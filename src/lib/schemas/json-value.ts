import { z } from 'zod';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Any JSON value, named once (the reference's `JsonValue`): for what the service serves exactly as it was hashed,
 * whose form a client reads from elsewhere (a commit's content and records, by hash version). A generated client
 * types it as JSON rather than `unknown`.
 */
export const jsonValue: z.ZodType<JsonValue> = z
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]))
  .meta({ id: 'JsonValue', description: 'Any JSON value: a string, number, boolean, null, array or object of JSON values.' });
