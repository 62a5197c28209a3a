import { myApprovalInput } from '@/lib/schemas/transfers';
import { endpoint, route } from '@/server/http/route';
import { submitMyApproval } from '@/server/services/transfers/submit-my-approval';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/submitmyapproval',
    bodyKind: 'files',
    body: myApprovalInput,
    handle: async ({ ctx, params, body }) => ({
      status: 201,
      body: await submitMyApproval({ ctx, input: { freightDocumentId: params.id!, body } }),
      headers: { Location: `/api/freightdocuments/${params.id}` },
    }),
  }),
});
