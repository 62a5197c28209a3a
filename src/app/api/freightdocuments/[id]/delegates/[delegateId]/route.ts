import { endpoint, route } from '@/server/http/route';
import { revokeDocumentDelegation } from '@/server/services/delegations/revoke-document-delegation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  DELETE: endpoint({
    operation: 'DELETE /freightdocuments/{id}/delegates/{delegateId}',
    handle: async ({ ctx, params }) => {
      await revokeDocumentDelegation({ ctx, input: { freightDocumentId: params.id!, delegateId: params.delegateId! } });
      return { status: 204 };
    },
  }),
});
