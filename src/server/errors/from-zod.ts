import type { z } from 'zod';
import { zodIssuesToFieldErrors } from '@/lib/errors/from-zod';
import { ServiceError } from './service-error';

export function fromZodError(error: z.ZodError): ServiceError {
  return new ServiceError(zodIssuesToFieldErrors(error.issues));
}
