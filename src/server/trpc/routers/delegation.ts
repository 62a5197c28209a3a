import { z } from 'zod';
import { accountDelegatesResponse, createdDelegateResponse, delegateInput, documentDelegatesResponse, revocationPreview } from '@/lib/schemas/delegation';
import { delegateAccountRole } from '@/server/services/delegations/delegate-account-role';
import { delegateDocumentRole } from '@/server/services/delegations/delegate-document-role';
import { listAccountDelegations } from '@/server/services/delegations/list-account-delegations';
import { listDocumentDelegates } from '@/server/services/delegations/list-document-delegates';
import { previewRevocation } from '@/server/services/delegations/preview-revocation';
import { revokeAccountDelegation } from '@/server/services/delegations/revoke-account-delegation';
import { revokeDocumentDelegation } from '@/server/services/delegations/revoke-document-delegation';
import { accountProcedure, router } from '../init';

const documentId = z.object({ freightDocumentId: z.string().min(1) });
const delegateId = z.object({ delegateId: z.string().min(1) });
const revoked = z.object({ revoked: z.literal(true) });

/** The portal's Delegates panels (document view, account page): the REST delegation services, one call each. */
export const delegationRouter = router({
  onDocument: accountProcedure
    .input(documentId)
    .output(documentDelegatesResponse)
    .query(({ ctx, input }) => listDocumentDelegates({ ctx: ctx.service, input })),
  delegateOnDocument: accountProcedure
    .input(documentId.and(delegateInput))
    .output(createdDelegateResponse)
    .mutation(({ ctx, input }) => delegateDocumentRole({ ctx: ctx.service, input })),
  revokeOnDocument: accountProcedure
    .input(documentId.extend(delegateId.shape))
    .output(revoked)
    .mutation(async ({ ctx, input }) => {
      await revokeDocumentDelegation({ ctx: ctx.service, input });
      return { revoked: true as const };
    }),
  onAccount: accountProcedure.output(accountDelegatesResponse).query(({ ctx }) => listAccountDelegations({ ctx: ctx.service })),
  delegateOnAccount: accountProcedure
    .input(delegateInput)
    .output(createdDelegateResponse)
    .mutation(({ ctx, input }) => delegateAccountRole({ ctx: ctx.service, input })),
  revokeOnAccount: accountProcedure
    .input(delegateId)
    .output(revoked)
    .mutation(async ({ ctx, input }) => {
      await revokeAccountDelegation({ ctx: ctx.service, input });
      return { revoked: true as const };
    }),
  /** What a revocation would also end, asked before the person confirms it. */
  revocationPreview: accountProcedure
    .input(delegateId)
    .output(revocationPreview)
    .query(({ ctx, input }) => previewRevocation({ ctx: ctx.service, input })),
});
