import type { z } from 'zod';
import { withoutUnsetFields } from '@/lib/schemas/tolerant';
import { fromZodError } from './from-zod';

/**
 * Parses a service input or throws every problem as a ServiceError. The input is kept in the issues so that a
 * present value of the wrong type (3.17) is told apart from a missing one (3.1). Every body is read tolerantly
 * first (contract §1): attributes sent as `""` or null count as omitted, at every depth.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(withoutUnsetFields(value), { reportInput: true });
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}
