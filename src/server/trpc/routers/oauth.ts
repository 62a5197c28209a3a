import { z } from 'zod';
import { authorizationDecision, authorizationRequest } from '@/lib/schemas/oauth';
import { decideAuthorization } from '@/server/services/oauth/decide-authorization';
import { accountProcedure, router } from '../init';

export const oauthRouter = router({
  decide: accountProcedure
    .input(z.object({ request: authorizationRequest, approve: z.boolean() }))
    .output(authorizationDecision)
    .mutation(({ ctx, input }) => decideAuthorization({ ctx: ctx.service, input })),
});
