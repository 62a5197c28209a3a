import { delegateInput } from '@/lib/schemas/delegation';
import { endpoint, route } from '@/server/http/route';
import { delegateDocumentRole } from '@/server/services/delegations/delegate-document-role';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/delegate',
    body: delegateInput,
    handle: async ({ ctx, params, body }) => {
      const created = await delegateDocumentRole({ ctx, input: { ...body, freightDocumentId: params.id! } });
      return { status: 201, body: created, headers: { Location: `/api/freightdocuments/${encodeURIComponent(params.id!)}/delegates/${created.delegateId}` } };
    },
  }),
});
