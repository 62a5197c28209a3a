import type { z } from 'zod';
import { fromZodError } from './from-zod';

/**
 * Parses a service input or throws every problem as a ServiceError. The input is kept in the issues so that a
 * present value of the wrong type (3.17) is told apart from a missing one (3.1).
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}
