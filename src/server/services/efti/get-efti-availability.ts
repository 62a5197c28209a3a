import { eftiSettings } from '@/server/config/env';
import type { ServiceContext } from '../context';

/** Whether this service is an eFTI platform (contract §15): the portal then shows what authorities would miss. */
export function getEftiAvailability({ ctx }: { ctx: ServiceContext }): { enabled: boolean } {
  return { enabled: eftiSettings(ctx.config) !== null };
}
