import { withdrawalInput } from '@/lib/schemas/legal-events';
import { endpoint, route } from '@/server/http/route';
import { withdrawReservation } from '@/server/services/legal-events/withdraw-reservation';

/** Contract §14: the author withdraws a reservation before its stage's counter party answered. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/comments/{commentId}/withdrawal',
    body: withdrawalInput,
    handle: async ({ ctx, params, body }) => ({
      body: await withdrawReservation({ ctx, input: { freightDocumentId: params.id!, commentId: params.commentId!, body } }),
    }),
  }),
});
