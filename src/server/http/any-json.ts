import { z } from 'zod';

/** For bodies the service validates itself (to report field and cross-field errors together): any JSON. */
export const anyJson = z.unknown();
