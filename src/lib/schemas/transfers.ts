import { z } from 'zod';
import { decimalString, optional } from './common';

const within = (limit: number) => decimalString.refine((value) => Math.abs(Number(value)) <= limit, '3.9');

/**
 * `location` of approvals (contract §7): latitude and longitude as numbers or decimal strings, kept and
 * returned as decimal strings (client apps of the commercial service read strings). Both or neither (3.50);
 * a location of two `""` is no location (tolerant reading).
 */
export const locationInput = z
  .object({ latitude: optional(within(90)), longitude: optional(within(180)) })
  .refine((location) => (location.latitude === undefined) === (location.longitude === undefined), '3.50')
  .transform((location) => (location.latitude === undefined ? undefined : { latitude: location.latitude, longitude: location.longitude! }));
export type LocationInput = z.output<typeof locationInput>;
