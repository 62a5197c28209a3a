import { counterPartyApprovalInput } from '@/lib/schemas/transfers';
import { endpoint, route } from '@/server/http/route';
import { submitCounterpartyApproval } from '@/server/services/transfers/submit-counterparty-approval';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/submitcounterpartyapproval',
    bodyKind: 'files',
    body: counterPartyApprovalInput,
    handle: async ({ ctx, params, body }) => ({
      status: 201,
      body: await submitCounterpartyApproval({ ctx, input: { freightDocumentId: params.id!, body } }),
      headers: { Location: `/api/freightdocuments/${params.id}` },
    }),
  }),
});
