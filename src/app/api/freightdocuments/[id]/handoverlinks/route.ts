import { handoverLinkInput } from '@/lib/schemas/handover';
import { endpoint, route } from '@/server/http/route';
import { createHandoverLink } from '@/server/services/transfers/create-handover-link';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/handoverlinks',
    body: handoverLinkInput,
    handle: async ({ ctx, params, body }) => ({
      status: 201,
      body: await createHandoverLink({ ctx, input: { freightDocumentId: params.id!, body } }),
      // The link is a secret of one hand-over: never kept by a cache.
      headers: { Location: `/api/freightdocuments/${params.id}`, 'Cache-Control': 'no-store' },
    }),
  }),
});
