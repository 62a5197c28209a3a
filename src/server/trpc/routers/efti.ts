import { z } from 'zod';
import { eftiStatusResponse } from '@/lib/schemas/efti';
import { getEftiAvailability } from '@/server/services/efti/get-efti-availability';
import { getEftiStatus } from '@/server/services/efti/get-efti-status';
import { accountProcedure, router } from '../init';

/** Contract §15 for the portal: whether eFTI is on, and a document's readiness, uploads and authority accesses. */
export const eftiRouter = router({
  availability: accountProcedure.output(z.object({ enabled: z.boolean() })).query(({ ctx }) => getEftiAvailability({ ctx: ctx.service })),
  status: accountProcedure
    .input(z.object({ freightDocumentId: z.string().min(1) }))
    .output(eftiStatusResponse)
    .query(({ ctx, input }) => getEftiStatus({ ctx: ctx.service, input: { freightDocumentId: input.freightDocumentId, subsetIds: [] } })),
});
